import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authEndpoints, type SecondFactorCode } from '@fc/contract';
import { call } from '@/lib/endpoint-client';
import { secondFactorKeys } from './query-keys';

/** Ten new recovery codes that replace the old ones, for a code of the factor. */
export async function newRecoveryCodes(body: SecondFactorCode): Promise<string[]> {
  const res = await call(authEndpoints.newRecoveryCodes, { body });
  return res.data[0]?.recoveryCodes ?? [];
}

export function useNewRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: newRecoveryCodes,
    onSuccess: () => client.invalidateQueries({ queryKey: secondFactorKeys.all }),
  });
}
