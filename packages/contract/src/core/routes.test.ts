import { describe, expect, it } from 'vitest';
import { ROUTES, routeById, routeHandle, routeMatches, type RouteDef } from './routes';
import { permissions } from './tasks';

describe('route handles (issue 2: layout, userTypes, tasks, titleKey, id, hidden)', () => {
  it('a task-gated route names its account types and tasks', () => {
    expect(routeHandle(routeById('corp-loyalty'))).toMatchObject({
      id: 'corp-loyalty',
      layout: 'default',
      titleKey: 'common:routes.corp-loyalty',
      hidden: false,
      userTypes: [0],
      tasks: [508, 509],
    });
    expect(routeHandle(routeById('cust-loyalty'))).toMatchObject({ userTypes: [2, 0], tasks: [510] });
  });

  it('a type-gated route needs no task; a public one is open to anyone', () => {
    expect(routeHandle(routeById('cust-welcome'))).toMatchObject({ userTypes: [2], tasks: [] });
    expect(routeHandle(routeById('home'))).toMatchObject({ layout: 'home', hidden: true, userTypes: null, tasks: [] });
  });

  it('every route: the handle agrees with its permission', () => {
    for (const route of ROUTES as readonly RouteDef[]) {
      const h = routeHandle(route);
      expect(h.id).toBe(route.id);
      expect(typeof h.hidden).toBe('boolean');
      if (!route.permission) expect(h.userTypes).toBeNull();
      else {
        expect(h.userTypes).toEqual(permissions[route.permission].userTypes);
        expect(h.tasks).toEqual(permissions[route.permission].anyTask ?? []);
      }
    }
  });
});

describe('routeMatches: a page address below the prefix, as the router matches it', () => {
  const customers = routeById('customer-maintenance');
  const login = routeById('login');
  it.each([
    [customers, 'corp/customers', true],
    [customers, '/corp/Customers/', true],
    [customers, 'corp/customers/10001/details', false],
    [customers, 'corp', false],
    [login, 'cust/login', true],
    [login, 'anything/LOGIN', true],
    [login, 'cust/login/extra', false],
    [customers, '', false],
  ])('%#: %s', (route: RouteDef, subPath: string, matches: boolean) => {
    expect(routeMatches(route, subPath)).toBe(matches);
  });
});
