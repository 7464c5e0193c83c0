import { redirect, type LoaderFunction } from 'react-router';
import { can, routeById, type RouteDef } from '@fc/contract';
import { queryClient } from '@/lib/query-client';
import { currentUserQuery } from '@/lib/session/current-user';

const ENROL_ROUTE_ID = 'second-factor-enrol';

/**
 * Route gating (APP-09): after the current user loads, nobody signed in goes to /home,
 * a user without the route's permission to /error-403, and any failure loading the user to /home. A user held
 * to enrolment of a second factor (issue 19) goes to the enrolment page from any signed-in page.
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
    // A user who must enrol a second factor can do nothing else until it is done (issue 19).
    if (user.mfaEnrolmentRequired === 'Y' && route.id !== ENROL_ROUTE_ID) return redirect(`/${routeById(ENROL_ROUTE_ID).path}`);
    if (!can(user, permission)) return redirect('/error-403');
    return null;
  };
}
