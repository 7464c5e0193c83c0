import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeById } from '@fc/contract';
import { queryClient } from '@/lib/query-client';
import { currentUserQuery } from '@/lib/session/current-user';
import { currentUserDoc, mockApi } from '../../test/api-mock';
import { gate } from './gate';

beforeEach(() => {
  queryClient.clear();
  // A failed load is retried twice; without the pauses between the tries.
  queryClient.setQueryDefaults(currentUserQuery.queryKey, { retryDelay: 0 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

/** Opens /ui/corp/loyalty (corporate, task 508 or 509) in a router under /ui, as the app's. */
async function openCorpLoyalty(): Promise<string> {
  const route = routeById('corp-loyalty');
  const router = createMemoryRouter(
    [
      { path: route.path, loader: gate(route), element: <h1>corporate loyalty</h1> },
      { path: 'home', element: <h1>home</h1> },
      { path: 'error-403', element: <h1>403</h1> },
      { path: 'second-factor/enrol', element: <h1>enrol</h1> },
    ],
    { basename: '/ui', initialEntries: ['/ui/corp/loyalty'] },
  );
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading');
  return router.state.location.pathname;
}

describe('route gating after the current user loads (APP-09)', () => {
  it('not signed in: /ui/home', async () => {
    mockApi({ 'GET /fc-common-api/users/current': { status: 401, body: { errors: [{ status: '401', code: '6' }] } } });
    expect(await openCorpLoyalty()).toBe('/ui/home');
    expect(screen.getByRole('heading')).toHaveTextContent('home');
  });

  it('a customer (wrong account type): /ui/error-403', async () => {
    mockApi({ 'GET /fc-common-api/users/current': { body: currentUserDoc({ 'account-type': 2, 'granted-tasks': [510] }) } });
    expect(await openCorpLoyalty()).toBe('/ui/error-403');
  });

  it('a corporate user without task 508 or 509 (missing task): /ui/error-403', async () => {
    mockApi({ 'GET /fc-common-api/users/current': { body: currentUserDoc({ 'account-type': 0, 'granted-tasks': [502] }) } });
    expect(await openCorpLoyalty()).toBe('/ui/error-403');
  });

  it('a corporate user with task 508 sees the page', async () => {
    mockApi({ 'GET /fc-common-api/users/current': { body: currentUserDoc({ 'account-type': 0, 'granted-tasks': [508] }) } });
    expect(await openCorpLoyalty()).toBe('/ui/corp/loyalty');
    expect(screen.getByRole('heading')).toHaveTextContent('corporate loyalty');
  });

  it('a failure while loading the user: /ui/home', async () => {
    const calls = mockApi({ 'GET /fc-common-api/users/current': { status: 500, body: { errors: [{ status: '500', code: '500' }] } } });
    expect(await openCorpLoyalty()).toBe('/ui/home');
    expect(calls.length).toBeGreaterThanOrEqual(1);
  });

  it('a user who must enrol a second factor first (issue 19): the enrolment page, not the page asked for', async () => {
    mockApi({
      'GET /fc-common-api/users/current': {
        body: currentUserDoc({ 'account-type': 0, 'granted-tasks': [508], 'mfa-enrolment-required': 'Y', 'second-factor': 'none' }),
      },
    });
    expect(await openCorpLoyalty()).toBe('/ui/second-factor/enrol');
  });

  it('the enrolment page itself lets a signed-in user in', async () => {
    const route = routeById('second-factor-enrol');
    mockApi({ 'GET /fc-common-api/users/current': { body: currentUserDoc({ 'mfa-enrolment-required': 'Y' }) } });
    const loader = gate(route)!;
    expect(
      await loader({ request: new Request('http://localhost/ui/second-factor/enrol'), params: {}, context: undefined } as never),
    ).toBeNull();
  });

  it('a public route has no gate', () => {
    expect(gate(routeById('home'))).toBeUndefined();
  });
});
