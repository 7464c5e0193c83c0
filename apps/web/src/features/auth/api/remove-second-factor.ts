import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authEndpoints, type SecondFactorRemove } from '@fc/contract';
import { call } from '@/lib/endpoint-client';
import { currentUserKeys } from '@/lib/session/current-user';
import { secondFactorKeys } from './query-keys';

/** Removes the second factor {password, code}. */
export async function removeSecondFactor(body: SecondFactorRemove): Promise<void> {
  await call(authEndpoints.removeSecondFactor, { body });
}

export function useRemoveSecondFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeSecondFactor,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: secondFactorKeys.all });
      await client.invalidateQueries({ queryKey: currentUserKeys.all });
    },
  });
}
