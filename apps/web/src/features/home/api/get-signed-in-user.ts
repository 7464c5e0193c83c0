import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionEndpointRefs, type CurrentUser } from '@fc/contract';
import { call } from '@/lib/endpoint-client';
import { queryKeysFactory } from '@/lib/query-keys';

/**
 * The signed-in user, or null (users/check). A public call that answers an empty list for a visitor, so a
 * landing page asks without a 401 (which the browser would log as an error).
 */
export async function getSignedInUser(): Promise<CurrentUser | null> {
  const res = await call(sessionEndpointRefs.checkUser, { noAuthRedirect: true });
  const user = res.data[0];
  return user?.username ? user : null;
}

export const signedInUserQuery = queryOptions({
  queryKey: queryKeysFactory('users-check').all,
  queryFn: getSignedInUser,
  staleTime: 0,
  retry: false,
});

export function useSignedInUser() {
  return useQuery(signedInUserQuery);
}
