import { useMutation } from '@tanstack/react-query';
import type { ResetPassword } from '@fc/contract';
import { api } from '@/lib/api-client';

/** POST /fc-common-api/users/reset_password {token, password}: data[0].code is 7 on success. */
export async function resetPassword(body: ResetPassword): Promise<string> {
  const res = await api<{ code: string }>('/fc-common-api/users/reset_password', { method: 'POST', body, noAuthRedirect: true });
  return String(res.data[0]?.code ?? '');
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
