import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecondFactorChallenge } from '@fc/contract';
import { api, ApiError } from '@/lib/api-client';

/**
 * GET /fc-common-api/users/second-factor/challenge: the sign-in waiting for its code (issue 19), or null when
 * none is alive (401 mfa-expired: the step ran out, or the page was opened without a sign-in).
 */
export async function getSecondFactorChallenge(): Promise<SecondFactorChallenge | null> {
  try {
    const res = await api<SecondFactorChallenge>('/fc-common-api/users/second-factor/challenge', { noAuthRedirect: true });
    return res.data[0] ?? null;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403 || err.status === 404)) return null;
    throw err;
  }
}

export const secondFactorChallengeQuery = queryOptions({
  queryKey: ['second-factor-challenge'],
  queryFn: getSecondFactorChallenge,
  staleTime: 0,
  gcTime: 0,
  retry: false,
});

export function useSecondFactorChallenge() {
  return useQuery(secondFactorChallengeQuery);
}
