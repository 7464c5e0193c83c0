import { describe, expect, it } from 'vitest';
import { publicRouteFor } from './public-routes';

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
