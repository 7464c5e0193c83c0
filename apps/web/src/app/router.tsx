import { createBrowserRouter, redirect, type LoaderFunction, type RouteObject } from 'react-router';
import { ROUTES, routeHandle, type Layout, type RouteDef, type RouteId } from '@fc/contract';
import { basePath } from '@/lib/links';
import { AppRoot } from './app-root';
import { gate } from './gate';
import { pages } from './pages';
import { RouteError } from './route-error';
import { prefetchTable, tablePrefetches } from './table-prefetch';

const layouts: Record<Layout, () => Promise<{ default: React.ComponentType }>> = {
  home: () => import('./layouts/home-layout'),
  bonus: () => import('./layouts/bonus-layout'),
  account: () => import('./layouts/account-layout'),
  blank: () => import('./layouts/blank-layout'),
  customer: () => import('./layouts/customer-layout'),
  default: () => import('./layouts/default-layout'),
};

function pageRoute(route: RouteDef): RouteObject | null {
  const page = pages[route.id as keyof typeof pages];
  if (!page) return null;
  const gateLoader = gate(route);
  // A list page's first rows are asked for beside its code and the gate's check (decision 0610).
  const loader: LoaderFunction | undefined = tablePrefetches[route.id as RouteId]
    ? (args) => {
        prefetchTable(route.id as RouteId, new URL(args.request.url).searchParams);
        return gateLoader ? gateLoader(args) : null;
      }
    : gateLoader;
  return {
    path: route.path,
    // layout, userTypes, tasks, titleKey, id and hidden (the gate itself checks the whole permission rule).
    handle: routeHandle(route),
    loader,
    lazy: async () => ({ Component: (await page()).default }),
  };
}

/** Routes grouped under their layout (route metadata chooses it, rule APP-03). */
export function buildRoutes(): RouteObject[] {
  const byLayout = new Map<Layout, RouteObject[]>();
  for (const route of ROUTES as readonly RouteDef[]) {
    const r = pageRoute(route);
    if (!r) continue;
    byLayout.set(route.layout, [...(byLayout.get(route.layout) ?? []), r]);
  }
  return [
    {
      path: '/',
      Component: AppRoot,
      ErrorBoundary: RouteError,
      HydrateFallback: () => null,
      children: [
        { index: true, loader: () => redirect('/home') },
        ...[...byLayout].map(([layout, children]) => ({
          id: `layout-${layout}`,
          lazy: async () => ({ Component: (await layouts[layout]()).default }),
          children,
        })),
        { path: '*', loader: () => redirect('/error-404') },
      ],
    },
  ];
}

export const router = createBrowserRouter(buildRoutes(), { basename: basePath() });
