import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authEndpoints, type SecondFactorRemove } from '@fc/contract';
import { call } from '@/lib/endpoint-client';
import { currentUserQuery } from '@/lib/session/current-user';
import { secondFactorQuery } from './get-second-factor';

/** Removes the second factor {password, code}. */
export async function removeSecondFactor(body: SecondFactorRemove): Promise<void> {
  await call(authEndpoints.removeSecondFactor, { body });
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
