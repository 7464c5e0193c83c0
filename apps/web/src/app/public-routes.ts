import type { ComponentType, ReactNode } from 'react';
import { ROUTES, SLUG_TO_ACCOUNT_TYPE, type Layout, type RouteDef } from '@fc/contract';
import { basePath } from '@/lib/links';

/** The routes that the light public app serves on a first page load (main.tsx). */
export const PUBLIC_APP_ROUTE_IDS = ['home', 'credit-back', 'bonus', 'login'] as const;
export type PublicAppRouteId = (typeof PUBLIC_APP_ROUTE_IDS)[number];
export type PublicAppRoute = RouteDef & { id: PublicAppRouteId; params: Record<string, string> };

/** A page of the light app: given the route's parameters, as the router would give them (the pages of app/pages.ts take none). */
export type PublicPage = ComponentType<{ params?: Record<string, string> }>;

/** Which values a route parameter may take in the light app; any other value is left to the portal (its 404). */
const PARAM_VALUES: Partial<Record<PublicAppRouteId, Record<string, readonly string[]>>> = {
  login: { type: Object.keys(SLUG_TO_ACCOUNT_TYPE) },
};

/**
 * The page of each light-app route: the portal's own page (as in app/pages.ts), or the light app's where the
 * portal's needs the router (the login page reads its type from the router there). Not app/pages.ts itself:
 * its forty imports and the preload list of their chunks would sit in the entry chunk of every page, the
 * landing page's too (issue 22, its 120 kB budget).
 */
export const publicPages: Record<PublicAppRouteId, () => Promise<{ default: PublicPage }>> = {
  home: () => import('@/features/home/components/home-page'),
  'credit-back': () => import('@/features/home/components/credit-back-page'),
  bonus: () => import('@/features/home/components/bonus-page'),
  login: () => import('@/features/auth/components/public-login-page'),
};

/** The frame around a light-app page: the default export of layouts/public-frame or layouts/account-frame. */
export type PublicFrameComponent = ComponentType<{ layout: Layout; children: ReactNode }>;

/** The frame of a route's layout, loaded beside its page (a page does not pay for the other frame). */
export function publicFrameOf(route: PublicAppRoute): Promise<{ default: PublicFrameComponent }> {
  return route.layout === 'account' ? import('./layouts/account-frame') : import('./layouts/public-frame');
}

/**
 * The public-app route of an address (/ui/home, /intl/ui/FleetriteCreditBack/, /ui/cust/login, ...), matched
 * as the router does: the fixed segments case-insensitively, a parameter as it is written.
 */
export function publicRouteFor(pathname: string): PublicAppRoute | undefined {
  const segments = pathname
    .slice(basePath(pathname).length)
    .replace(/^\/+|\/+$/g, '')
    .split('/');
  for (const route of ROUTES as readonly RouteDef[]) {
    if (!(PUBLIC_APP_ROUTE_IDS as readonly string[]).includes(route.id)) continue;
    const id = route.id as PublicAppRouteId;
    const pattern = route.path.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, i) => {
      const segment = segments[i]!;
      if (!part.startsWith(':')) return part.toLowerCase() === segment.toLowerCase();
      const name = part.slice(1);
      params[name] = segment;
      return PARAM_VALUES[id]?.[name]?.includes(segment) ?? false;
    });
    if (matches) return { ...route, id, params };
  }
  return undefined;
}
