import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { ROUTES, type RouteHandle } from '@fc/contract';
import { buildRoutes } from './router';

/** Every page route of the router, with its layout route's id. */
function pageRoutes(): { layout: string; route: RouteObject }[] {
  const root = buildRoutes()[0]!;
  return (root.children ?? [])
    .filter((c) => c.id?.startsWith('layout-'))
    .flatMap((layout) => (layout.children ?? []).map((route) => ({ layout: layout.id!.slice('layout-'.length), route })));
}

describe('the router', () => {
  it('holds layout, userTypes, tasks, titleKey, id and hidden in each route’s handle, under the layout it names', () => {
    const routes = pageRoutes();
    expect(routes.length).toBe(ROUTES.length);
    for (const { layout, route } of routes) {
      const h = route.handle as RouteHandle;
      expect(Object.keys(h)).toEqual(expect.arrayContaining(['layout', 'userTypes', 'tasks', 'titleKey', 'id', 'hidden']));
      expect(h.layout).toBe(layout);
      expect(route.path).toBe(ROUTES.find((r) => r.id === h.id)!.path);
    }
    const loyalty = routes.find((r) => (r.route.handle as RouteHandle).id === 'corp-loyalty')!.route.handle as RouteHandle;
    expect(loyalty).toMatchObject({ userTypes: [0], tasks: [508, 509], hidden: false, titleKey: 'common:routes.corp-loyalty' });
  });

  it('gates exactly the routes that need a signed-in user', () => {
    for (const { route } of pageRoutes()) {
      const h = route.handle as RouteHandle;
      expect(!!route.loader, h.id).toBe(h.userTypes !== null);
    }
  });
});
