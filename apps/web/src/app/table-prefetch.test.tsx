import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTableUrlState } from '@/components/table/use-table-url-state';
import { CUSTOMER_TABLE, customersQuery } from '@/features/customers/api/get-customers';
import i18n from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { PRELOADED_MODULES } from './route-preloads';
import { prefetchTable, tablePrefetches, tablePrefetchRouteFor } from './table-prefetch';

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('the list requests started before the page (decision 0610)', () => {
  it('knows the list pages by their address, as the router matches them', () => {
    expect(tablePrefetchRouteFor('/ui/corp/customers')).toBe('customer-maintenance');
    expect(tablePrefetchRouteFor('/ui/corp/Customers/')).toBe('customer-maintenance');
    expect(tablePrefetchRouteFor('/ui/corp/account-requests')).toBe('account-requests');
    expect(tablePrefetchRouteFor('/ui/corp/audit')).toBe('audit-history');
    expect(tablePrefetchRouteFor('/ui/corp/customers/10001/details')).toBeUndefined();
    expect(tablePrefetchRouteFor('/ui/home')).toBeUndefined();
  });

  it('paints a first frame on exactly the routes whose files the build names for the server (decision 0990)', () => {
    const withFrame = Object.entries(tablePrefetches)
      .filter(([, entry]) => entry.firstFrame)
      .map(([id]) => id);
    const preloadingFrame = Object.entries(PRELOADED_MODULES)
      .filter(([, modules]) => (modules as readonly string[]).includes('src/app/first-frame/first-frame.tsx'))
      .map(([id]) => id);
    expect(withFrame.sort()).toEqual(preloadingFrame.sort());
    // The module each route's frame imports is the one the build looks for.
    expect(tablePrefetches['customer-maintenance']!.firstFrame!.toString()).toContain('customer-first-frame');
    expect(PRELOADED_MODULES['customer-maintenance']).toContain('src/features/customers/components/customer-first-frame.tsx');
  });

  it("asks the page's own query, under the key the page then reads, and the signed-in user", async () => {
    const fetchMock = vi.fn(
      async (_url: string) =>
        new Response(JSON.stringify({ data: [], meta: { record_count: 0 } }), {
          headers: { 'content-type': 'application/vnd.api+json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const search = '?sort=cust_name%7Casc&page=2&f.status=0&count=exact';
    prefetchTable('customer-maintenance', new URLSearchParams(search), { withUser: true });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={[`/corp/customers${search}`]}>{children}</MemoryRouter>
    );
    const { result } = renderHook(() => useTableUrlState(CUSTOMER_TABLE), { wrapper });
    const { queryKey } = customersQuery(result.current.query);
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKey)).toEqual({ rows: [], total: 0, estimated: false }));
    const urls = () => fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls()).toContain(`/framework/customers?${result.current.query.toString()}`);
    await vi.waitFor(() => expect(urls().some((u) => u.startsWith('/fc-common-api/users/current'))).toBe(true));
    expect(result.current.query.get('page[number]')).toBe('2');
    // The page's texts are there before the page's code asks for them.
    await vi.waitFor(() => expect(i18n.hasLoadedNamespace('customers')).toBe(true));
  });
});
