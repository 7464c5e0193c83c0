import { queryOptions, useQuery } from '@tanstack/react-query';
import { authEndpoints } from '@fc/contract';
import { ApiError } from '@/lib/api-client';
import { call } from '@/lib/endpoint-client';
import { passwordRequestKeys } from './query-keys';

/** The open reset request of an e-mailed token: who and until when, or null when the token is bad. */
export async function checkPasswordRequest(token: string) {
  try {
    const res = await call(authEndpoints.checkPasswordRequest, { params: { token }, noAuthRedirect: true });
    return res.data[0] ?? null;
  } catch (err) {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500) return null;
    throw err;
  }
}

export type PasswordResetRequest = NonNullable<Awaited<ReturnType<typeof checkPasswordRequest>>>;

export const checkPasswordRequestQuery = (token: string) =>
  queryOptions({
    queryKey: passwordRequestKeys.detail(token),
    queryFn: () => checkPasswordRequest(token),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export function useCheckPasswordRequest(token: string) {
  return useQuery({ ...checkPasswordRequestQuery(token), enabled: !!token });
}
