import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authEndpoints, type SecondFactorCode } from '@fc/contract';
import { call } from '@/lib/endpoint-client';
import { currentUserQuery } from '@/lib/session/current-user';
import { secondFactorQuery } from './get-second-factor';

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
      await client.invalidateQueries({ queryKey: secondFactorQuery.queryKey });
      // The session is no longer held to enrolment, and the step-up dialog now asks for a code.
      await client.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    },
  });
}
