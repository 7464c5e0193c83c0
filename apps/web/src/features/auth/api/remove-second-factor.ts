import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecondFactorRemove } from '@fc/contract';
import { api } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/session/current-user';
import { secondFactorQuery } from './get-second-factor';

/** DELETE /fc-common-api/users/second-factor {password, code}. */
export async function removeSecondFactor(body: SecondFactorRemove): Promise<void> {
  await api('/fc-common-api/users/second-factor', { method: 'DELETE', body });
}

export function useRemoveSecondFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeSecondFactor,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: secondFactorQuery.queryKey });
      await client.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    },
  });
}
