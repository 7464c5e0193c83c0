import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authEndpoints, type SecondFactorCode } from '@fc/contract';
import { call } from '@/lib/endpoint-client';
import { currentUserKeys } from '@/lib/session/current-user';
import { secondFactorKeys } from './query-keys';

/** Confirms the pending secret with a first code: the ten recovery codes, shown once. */
export async function confirmEnrolment(body: SecondFactorCode): Promise<string[]> {
  const res = await call(authEndpoints.confirmEnrolment, { body });
  return res.data[0]?.recoveryCodes ?? [];
}

export function useConfirmEnrolment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmEnrolment,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: secondFactorKeys.all });
      // The session is no longer held to enrolment, and the step-up dialog now asks for a code.
      await client.invalidateQueries({ queryKey: currentUserKeys.all });
    },
  });
}
