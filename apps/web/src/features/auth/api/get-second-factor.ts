import { queryOptions, useQuery } from '@tanstack/react-query';
import { authEndpoints, type SecondFactorStatus } from '@fc/contract';
import { call } from '@/lib/endpoint-client';
import { secondFactorKeys } from './query-keys';

/** Whether the signed-in user has a second factor, must have one, and the recovery codes left. */
export async function getSecondFactor(): Promise<SecondFactorStatus> {
  const res = await call(authEndpoints.secondFactor);
  return res.data[0] as SecondFactorStatus;
}

export const secondFactorQuery = queryOptions({ queryKey: secondFactorKeys.all, queryFn: getSecondFactor });

export function useSecondFactor() {
  return useQuery(secondFactorQuery);
}
