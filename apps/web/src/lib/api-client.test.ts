import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, download, setUnauthorizedHandler } from './api-client';
import { mockApi } from '../../test/api-mock';

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => {});
});

describe('API client (API-01, API-02)', () => {
  it('flattens JSON:API resource objects and turns every key into camelCase, in one place', async () => {
    mockApi({
      'GET /fc-common-api/things': {
        body: {
          data: [
            { type: 'things', id: '7', attributes: { 'full-name': 'Ann', 'granted-tasks': [502], status_msg: 'ok', plain: 1 } },
            { type: 'things', id: '8', attributes: {} },
          ],
          meta: { record_count: 2, 'page-size': 25 },
          links: { first: '/x?page[number]=1' },
        },
      },
    });
    const res = await api('/fc-common-api/things');
    expect(res.data).toEqual([
      { id: '7', type: 'things', fullName: 'Ann', grantedTasks: [502], statusMsg: 'ok', plain: 1 },
      { id: '8', type: 'things' },
    ]);
    expect(res.meta).toEqual({ recordCount: 2, pageSize: 25 });
    expect(res.links).toEqual({ first: '/x?page[number]=1' });
  });

  it('reads a single resource object as a list of one, and 204 as an empty list', async () => {
    mockApi({
      'GET /one': { body: { data: { type: 'x', id: '1', attributes: { 'a-b': true } } } },
      'DELETE /gone': { status: 204 },
    });
    expect((await api('/one')).data).toEqual([{ id: '1', type: 'x', aB: true }]);
    expect(await api('/gone', { method: 'DELETE' })).toEqual({ data: [], meta: {} });
  });

  it('sends the JSON:API media type and X-Requested-With; a body as JSON:API; the query without empty values', async () => {
    const calls = mockApi({ 'POST /fc-common-api/users/language': { body: { data: [] } } });
    await api('/fc-common-api/users/language', { method: 'POST', body: { language: 1 }, query: { a: 'x', b: '', c: undefined } });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      headers: {
        accept: 'application/vnd.api+json',
        'content-type': 'application/vnd.api+json',
        'x-requested-with': 'XMLHttpRequest',
      },
      body: { language: 1 },
    });
    const sent = vi.mocked(fetch).mock.calls[0]![0] as string;
    expect(sent).toBe('/fc-common-api/users/language?a=x');
  });

  it('an error document becomes an ApiError with its code and the fields it names', async () => {
    mockApi({
      'POST /bad': {
        status: 400,
        body: { errors: [{ status: '400', code: 'AEP10', detail: 'Too long', source: { pointer: '/data/attributes/cust_name' } }] },
      },
    });
    const err = await api('/bad', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).code).toBe('AEP10');
    expect(Object.keys((err as ApiError).fieldErrors())).toEqual(['cust_name']);
  });

  it('a 401 or 403 goes to the unauthorized handler (the login redirect), unless the caller handles it', async () => {
    mockApi({ 'GET /private': { status: 401, body: { errors: [{ status: '401', code: '213' }] } } });
    const seen: [number, string | undefined, string][] = [];
    setUnauthorizedHandler((status, error, path) => seen.push([status, error.code, path]));
    await expect(api('/private')).rejects.toBeInstanceOf(ApiError);
    await expect(api('/private', { noAuthRedirect: true })).rejects.toBeInstanceOf(ApiError);
    expect(seen).toEqual([[401, '213', '/private']]);
  });
});

describe('download: the browser downloads the file itself (decision 0630)', () => {
  /** The links the page clicked: their address and suggested name. */
  function watchClicks() {
    const clicked: { href: string; download: string; inPage: boolean }[] = [];
    const spy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href')!, download: this.download, inPage: document.body.contains(this) });
    });
    return { clicked, restore: () => spy.mockRestore() };
  }

  it('checks first (X-Download-Check, no file read), then follows a plain same-origin link with the query', async () => {
    const calls = mockApi({ 'GET /fc-common-api/audit/csv': { status: 204 } });
    const { clicked, restore } = watchClicks();
    try {
      await download('/fc-common-api/audit/csv', 'AuditHistory_20261126.csv', {
        query: { 'filter[entity]': 'customer', 'filter[sort]': 'at|desc' },
      });
    } finally {
      restore();
    }
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/fc-common-api/audit/csv', headers: { 'x-download-check': '1' } });
    expect(clicked).toEqual([
      {
        href: '/fc-common-api/audit/csv?filter%5Bentity%5D=customer&filter%5Bsort%5D=at%7Cdesc',
        download: 'AuditHistory_20261126.csv',
        inPage: true,
      },
    ]);
    // The link is gone once clicked: nothing of the file stays in the page.
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
  });

  it('a refused check rejects with the ApiError (for the page to show) and downloads nothing', async () => {
    mockApi({
      'GET /fc-common-api/mpp/download': { status: 404, body: { errors: [{ status: '404', code: 'not-found', detail: 'No price file' }] } },
      'GET /fc-common-api/parts/estes_list_csv': { status: 403, body: { errors: [{ status: '403', code: '209' }] } },
    });
    const seen: number[] = [];
    setUnauthorizedHandler((status) => seen.push(status));
    const { clicked, restore } = watchClicks();
    try {
      const err = await download('/fc-common-api/mpp/download', 'x-result.csv', { query: { data_seq: 9 } }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).code).toBe('not-found');
      await expect(download('/fc-common-api/parts/estes_list_csv', 'EstesParts.csv')).rejects.toMatchObject({ status: 403, code: '209' });
    } finally {
      restore();
    }
    expect(clicked).toEqual([]);
    // 401/403 still take the usual way to the login page.
    expect(seen).toEqual([403]);
  });
});
