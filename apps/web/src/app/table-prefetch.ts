import { ROUTES, routeMatches, type RouteDef, type RouteId } from '@fc/contract';
import { basePath } from '@/lib/links';
import type { FirstFrameView } from '@/components/table/first-frame-view';
import { AUDIT_NAMESPACES } from '@/features/audit/api/namespaces';

/** Starts a list page's first request for an address's query string (its URL state), without waiting for it. */
export type TablePrefetch = (params: URLSearchParams) => void;

/**
 * The list pages whose first page of rows is asked for before their code has loaded (decision 0610): on a
 * page load at the start of main.tsx, beside the portal's code, and on a navigation in the route's loader,
 * beside the page's code. `rows` loads the feature's small query module (not the page); `namespaces` are the
 * page's texts, which it would otherwise ask for only once its own code had run.
 */
export const tablePrefetches: Partial<
  Record<RouteId, { rows: () => Promise<TablePrefetch>; namespaces: string[]; firstFrame?: () => Promise<FirstFrameView> }>
> = {
  'customer-maintenance': {
    rows: () => import('@/features/customers/api/get-customers').then((m) => m.prefetchCustomers),
    namespaces: ['customers'],
    // Painted on a page load before MUI and the router (decision 0640).
    firstFrame: () => import('@/features/customers/components/customer-first-frame').then((m) => m.customerFirstFrame),
  },
  'account-requests': {
    rows: () => import('@/features/customers/api/get-account-requests').then((m) => m.prefetchAccountRequests),
    namespaces: ['customers'],
  },
  'audit-history': { rows: () => import('@/features/audit/api/get-audit').then((m) => m.prefetchAudit), namespaces: AUDIT_NAMESPACES },
};

/** The route of an address that has a prefetch (matched as the router does: fixed segments case-insensitively). */
export function tablePrefetchRouteFor(pathname: string): RouteId | undefined {
  const subPath = pathname.slice(basePath(pathname).length);
  return (ROUTES as readonly RouteDef[]).find((route) => tablePrefetches[route.id as RouteId] && routeMatches(route, subPath))?.id as
    RouteId | undefined;
}

const ignore = () => {
  /* the page's own request will say what failed */
};

/**
 * Starts the request of a route's first page of rows and its texts, if the route has them; never throws. On
 * a page load (`withUser`) also the current user's, which the route's gate waits for before the page renders.
 */
export function prefetchTable(id: RouteId | undefined, params: URLSearchParams, { withUser = false } = {}): void {
  const entry = id && tablePrefetches[id];
  if (!entry) return;
  void import('@/lib/i18n').then(({ default: i18n }) => i18n.loadNamespaces(entry.namespaces), ignore);
  if (withUser)
    void Promise.all([import('@/lib/query-client'), import('@/lib/session/current-user')]).then(
      ([{ queryClient }, { currentUserQuery }]) => queryClient.prefetchQuery(currentUserQuery),
      ignore,
    );
  entry.rows().then((prefetch) => prefetch(params), ignore);
}
