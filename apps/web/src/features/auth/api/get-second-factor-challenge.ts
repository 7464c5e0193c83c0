import { queryOptions, useQuery } from '@tanstack/react-query';
import { authEndpoints } from '@fc/contract';
import { ApiError } from '@/lib/api-client';
import { call } from '@/lib/endpoint-client';
import { secondFactorChallengeKeys } from './query-keys';

/**
 * The sign-in waiting for its code (decision 0700), or null when none is alive (401 mfa-expired: the step ran
 * out, or the page was opened without a sign-in).
 */
export async function getSecondFactorChallenge() {
  try {
    const res = await call(authEndpoints.secondFactorChallenge, { noAuthRedirect: true });
    return res.data[0] ?? null;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403 || err.status === 404)) return null;
    throw err;
  }
}

export const secondFactorChallengeQuery = queryOptions({
  queryKey: secondFactorChallengeKeys.all,
  queryFn: getSecondFactorChallenge,
  staleTime: 0,
  gcTime: 0,
  retry: false,
});

export function useSecondFactorChallenge() {
  return useQuery(secondFactorChallengeQuery);
}
