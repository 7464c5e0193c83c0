import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';

export interface PasswordResetRequest {
  username: string;
  expiresAt: string;
}

/** GET /fc-common-api/users/check_password_request/{token}: the request of an e-mailed token, or null when it is bad. */
export async function checkPasswordRequest(token: string): Promise<PasswordResetRequest | null> {
  try {
    const res = await api<PasswordResetRequest>(`/fc-common-api/users/check_password_request/${encodeURIComponent(token)}`, {
      noAuthRedirect: true,
    });
    return res.data[0] ?? null;
  } catch (err) {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500) return null;
    throw err;
  }
}

export const checkPasswordRequestQuery = (token: string) =>
  queryOptions({
    queryKey: ['check-password-request', token],
    queryFn: () => checkPasswordRequest(token),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export function useCheckPasswordRequest(token: string) {
  return useQuery({ ...checkPasswordRequestQuery(token), enabled: !!token });
}
