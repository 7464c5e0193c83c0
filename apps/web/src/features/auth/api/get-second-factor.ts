import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecondFactorStatus } from '@fc/contract';
import { api } from '@/lib/api-client';

/** GET /fc-common-api/users/second-factor: whether the signed-in user has one, must have one, and codes left. */
export async function getSecondFactor(): Promise<SecondFactorStatus> {
  const res = await api<SecondFactorStatus>('/fc-common-api/users/second-factor');
  return res.data[0] as SecondFactorStatus;
}

export const secondFactorQuery = queryOptions({ queryKey: ['second-factor'], queryFn: getSecondFactor });

export function useSecondFactor() {
  return useQuery(secondFactorQuery);
}
