import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes, SecondFactorCode } from '@fc/contract';
import { api } from '@/lib/api-client';
import { secondFactorQuery } from './get-second-factor';

/** POST /fc-common-api/users/second-factor/recovery-codes {code}: ten new codes that replace the old ones. */
export async function newRecoveryCodes(body: SecondFactorCode): Promise<string[]> {
  const res = await api<RecoveryCodes>('/fc-common-api/users/second-factor/recovery-codes', { method: 'POST', body });
  return res.data[0]?.recoveryCodes ?? [];
}

export function useNewRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: newRecoveryCodes,
    onSuccess: () => client.invalidateQueries({ queryKey: secondFactorQuery.queryKey }),
  });
}
