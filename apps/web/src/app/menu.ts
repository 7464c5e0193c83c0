import { can, ROUTES, type Layout, type RouteDef } from '@fc/contract';
import { useCurrentUser } from '@/lib/session/current-user';
import { pages } from './pages';

/** The signed-in layouts; their routes are the screens of the menu and the welcome pages. */
const SIGNED_IN_LAYOUTS: readonly Layout[] = ['default', 'customer'];

/** The screens a user may open: the signed-in layouts' routes, not hidden, whose permission the user holds. */
export function useMenuRoutes(): RouteDef[] {
  const { data: user } = useCurrentUser();
  return (ROUTES as readonly RouteDef[]).filter(
    (r) =>
      SIGNED_IN_LAYOUTS.includes(r.layout) &&
      !r.hidden &&
      !!r.permission &&
      !!pages[r.id as keyof typeof pages] &&
      can(user ?? null, r.permission) &&
      !r.id.endsWith('-welcome'),
  );
}
