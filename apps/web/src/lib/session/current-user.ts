import { queryOptions, useQuery } from '@tanstack/react-query';
import { can, sessionEndpointRefs, type CurrentUser, type PermissionName } from '@fc/contract';
import { ApiError } from '../api-client';
import { call } from '../endpoint-client';
import { applySessionLanguage } from '../i18n';
import { queryKeysFactory } from '../query-keys';

/**
 * The signed-in user (users/current); null when nobody is signed in. Each load applies the user's session
 * language, so a language saved in another browser (or on the profile page) shows here too.
 */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    const res = await call(sessionEndpointRefs.currentUser, { noAuthRedirect: true });
    const user = res.data[0];
    if (!user?.username) return null;
    await applySessionLanguage(user.language);
    return user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** The signed-in user: a write that changes what it holds (language, second factor) invalidates `currentUserKeys.all`. */
export const currentUserKeys = queryKeysFactory('current-user');

export const currentUserQuery = queryOptions({ queryKey: currentUserKeys.all, queryFn: getCurrentUser, staleTime: 60_000 });

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/** True when the signed-in user holds the permission (the server checks it again on every call). */
export function useCan(name: PermissionName): boolean {
  const { data } = useCurrentUser();
  return can(data ?? null, name);
}
