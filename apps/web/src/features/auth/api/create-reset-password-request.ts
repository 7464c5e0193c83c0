import { useMutation } from '@tanstack/react-query';
import type { ResetRequest } from '@fc/contract';
import { api } from '@/lib/api-client';

/** POST /fc-common-api/users/create_reset_password_request {user}: the same answer for any username. */
export async function createResetPasswordRequest(body: ResetRequest): Promise<void> {
  await api('/fc-common-api/users/create_reset_password_request', { method: 'POST', body, noAuthRedirect: true });
}

export function useCreateResetPasswordRequest() {
  return useMutation({ mutationFn: createResetPasswordRequest });
}
