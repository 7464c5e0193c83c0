import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type ResetPassword } from '@fc/contract';
import { call } from '@/lib/endpoint-client';

/** Sets a new password through an e-mailed token {token, password}: data[0].code is 7 on success. */
export async function resetPassword(body: ResetPassword): Promise<string> {
  const res = await call(authEndpoints.resetPassword, { body, noAuthRedirect: true });
  return String(res.data[0]?.code ?? '');
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
