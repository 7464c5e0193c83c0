import { describe, expect, it } from 'vitest';
import { PUBLIC_APP_ROUTE_IDS, publicPages, publicRouteFor } from './public-routes';
import { PRELOADED_MODULES } from './route-preloads';

describe('the addresses the light public app serves on a first page load', () => {
  it.each([
    ['/ui/home', 'home', {}],
    ['/ui/FleetriteCreditBack/', 'credit-back', {}],
    ['/intl/ui/bonus', 'bonus', {}],
    ['/ui/cust/login', 'login', { type: 'cust' }],
    ['/ui/merc/LOGIN/', 'login', { type: 'merc' }],
    ['/intl/ui/corp/login', 'login', { type: 'corp' }],
  ])('%s is the %s page', (path, id, params) => {
    expect(publicRouteFor(path)).toMatchObject({ id, params });
  });

  it.each(['/ui/toc', '/ui/error-404', '/ui/password/reset', '/ui/cust/request', '/ui/corp/customers', '/ui/CUST/login', '/ui/x/login'])(
    '%s is left to the portal (its own page, or the 404 of an unknown login type)',
    (path) => {
      expect(publicRouteFor(path)).toBeUndefined();
    },
  );
});

describe("the files a light-app page load asks for from the page's HTML (decision 0990)", () => {
  it.each(PUBLIC_APP_ROUTE_IDS)('%s: its page module and its frame', (id) => {
    const modules = PRELOADED_MODULES[id] as readonly string[];
    const [page, frame] = modules.map((m) => m.replace(/^.*\//, '').replace(/\.tsx?$/, ''));
    expect(publicPages[id].toString()).toContain(page);
    const route = publicRouteFor(id === 'login' ? '/ui/cust/login' : id === 'credit-back' ? '/ui/FleetriteCreditBack' : `/ui/${id}`)!;
    expect(frame).toBe(route.layout === 'account' ? 'account-frame' : 'public-frame');
  });
});
