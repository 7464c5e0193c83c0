import { can, ROUTES, type Layout, type RouteDef } from '@fc/contract';
import { useCurrentUser } from './current-user';

/** The signed-in layouts; their routes are the screens of the menu and the welcome pages. */
const SIGNED_IN_LAYOUTS: readonly Layout[] = ['default', 'customer'];

/**
 * The screens a user may open: the signed-in layouts' routes, not hidden, whose permission the user holds.
 * Every route of the contract has a page (src/app/router.test.ts checks it), so the route table alone
 * decides; the shell's menu and the welcome pages read the same list.
 */
export function useMenuRoutes(): RouteDef[] {
  const { data: user } = useCurrentUser();
  return (ROUTES as readonly RouteDef[]).filter(
    (r) =>
      SIGNED_IN_LAYOUTS.includes(r.layout) && !r.hidden && !!r.permission && can(user ?? null, r.permission) && !r.id.endsWith('-welcome'),
  );
}
