import { redirect, type LoaderFunction } from 'react-router';
import { can, type RouteDef } from '@fc/contract';
import { queryClient } from '@/lib/query-client';
import { currentUserQuery } from '@/lib/session/current-user';

/**
 * Route gating of document 1 section 4: after the current user loads, nobody signed in goes to /home,
 * a user without the route's permission to /error-403, and any failure loading the user to /home.
 */
export function gate(route: RouteDef): LoaderFunction | undefined {
  const permission = route.permission;
  if (!permission) return undefined;
  return async () => {
    let user;
    try {
      user = await queryClient.ensureQueryData(currentUserQuery);
    } catch {
      return redirect('/home');
    }
    if (!user) return redirect('/home');
    if (!can(user, permission)) return redirect('/error-403');
    return null;
  };
}
