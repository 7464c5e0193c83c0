import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type SecondFactorEnrolment } from '@fc/contract';
import { call } from '@/lib/endpoint-client';

/**
 * A new secret, pending until a first code confirms it (a new call replaces it). A step-up check may come
 * first (the API client's dialog).
 */
export async function startEnrolment(): Promise<SecondFactorEnrolment> {
  const res = await call(authEndpoints.startEnrolment);
  return res.data[0] as SecondFactorEnrolment;
}

export function useStartEnrolment() {
  return useMutation({ mutationFn: startEnrolment });
}
