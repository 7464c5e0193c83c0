import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type ResetRequest } from '@fc/contract';
import { call } from '@/lib/endpoint-client';

/** Forgot password {user}: the same answer for any username. */
export async function createResetPasswordRequest(body: ResetRequest): Promise<void> {
  await call(authEndpoints.createResetPasswordRequest, { body, noAuthRedirect: true });
}

export function useCreateResetPasswordRequest() {
  return useMutation({ mutationFn: createResetPasswordRequest });
}
