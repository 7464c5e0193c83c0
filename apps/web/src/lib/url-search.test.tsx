import { act, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { createBrowserRouter, createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlSearchParams } from './url-search';

/** A list page under a layout, as the portal's routes are: what renders and what loads on each change. */
function setup() {
  const seen = { layoutRenders: 0, loaderRuns: 0 };
  let setParams: ReturnType<typeof useUrlSearchParams>[1] = () => undefined;
  function Layout() {
    seen.layoutRenders += 1;
    useLocation(); // as the menu's links do
    return <Outlet />;
  }
  function Page() {
    const [params, set] = useUrlSearchParams();
    setParams = set;
    return <output data-testid="params">{params.toString()}</output>;
  }
  window.history.replaceState(null, '', '/list?tab=a');
  const router = createBrowserRouter([
    {
      path: '/',
      Component: Layout,
      children: [
        { path: 'list', Component: Page, loader: () => (seen.loaderRuns++, null) },
        { path: 'other', Component: () => <p>other</p> },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);
  return { seen, router, set: (...a: Parameters<typeof setParams>) => act(() => setParams(...a)) };
}

describe('useUrlSearchParams (decision 0994)', () => {
  it('a shallow change updates the address and its readers without a navigation: no loader, no layout render', async () => {
    const { seen, set } = setup();
    await screen.findByText('tab=a');
    const before = { ...seen };
    set(
      (p) => {
        p.set('page', '2');
        return p;
      },
      { replace: true, shallow: true },
    );
    expect(window.location.search).toBe('?tab=a&page=2');
    // The router's first render lands outside act, so the page may subscribe only after this change.
    expect(await screen.findByText('tab=a&page=2')).toBeInTheDocument();
    expect(seen).toEqual(before);
  });

  it('a change that waits for its rows does not undo a later one when they come in', async () => {
    const { seen, set } = setup();
    await screen.findByText('tab=a');
    // A first change shows once the page reads the shallow changes (its subscription is made).
    set(new URLSearchParams('tab=a&page=1'), { replace: true, shallow: true });
    await screen.findByText('tab=a&page=1');
    let firstRowsIn: (value?: unknown) => void = () => undefined;
    const firstRows = new Promise((resolve) => (firstRowsIn = resolve));
    set(new URLSearchParams('tab=a&page=2'), { replace: true, shallow: true, readersAfter: () => firstRows });
    expect(window.location.search).toBe('?tab=a&page=2');
    expect(screen.getByTestId('params').textContent).toBe('tab=a&page=1');
    set(new URLSearchParams('tab=a&page=3'), { replace: true, shallow: true });
    expect(await screen.findByText('tab=a&page=3')).toBeInTheDocument();
    await act(async () => void firstRowsIn());
    expect(screen.getByTestId('params').textContent).toBe('tab=a&page=3');
    expect(window.location.search).toBe('?tab=a&page=3');
    expect(seen.loaderRuns).toBe(1);
  });

  it('a shallow change made before a reader has subscribed still reaches it', async () => {
    window.history.replaceState(null, '', '/list?tab=a');
    // Layout effects run before any passive effect: this change comes before every reader's subscription.
    function ChangesOnMount() {
      const [, set] = useUrlSearchParams();
      useLayoutEffect(() => set(new URLSearchParams('tab=a&page=4'), { replace: true, shallow: true }), [set]);
      return null;
    }
    function Page() {
      const [params] = useUrlSearchParams();
      return <output data-testid="params">{params.toString()}</output>;
    }
    const router = createMemoryRouter(
      [
        {
          path: '/list',
          Component: () => (
            <>
              <Page />
              <ChangesOnMount />
            </>
          ),
        },
      ],
      { initialEntries: ['/list?tab=a'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('tab=a&page=4')).toBeInTheDocument();
  });

  it('a router navigation after a shallow change builds on it, and the address survives leaving and coming back', async () => {
    const { seen, router, set } = setup();
    await screen.findByText('tab=a');
    set(new URLSearchParams('tab=a&sort=name%7Cdesc'), { replace: true, shallow: true });
    set((p) => {
      p.set('tab', 'b');
      return p;
    });
    await screen.findByText('tab=b&sort=name%7Cdesc');
    expect(seen.loaderRuns).toBe(2);
    set(new URLSearchParams('tab=b&sort=name%7Cdesc&page=3'), { replace: true, shallow: true });
    await act(() => router.navigate('/other'));
    await act(() => router.navigate(-1));
    expect(await screen.findByText('tab=b&sort=name%7Cdesc&page=3')).toBeInTheDocument();
  });
});
