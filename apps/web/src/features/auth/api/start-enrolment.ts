import { useMutation } from '@tanstack/react-query';
import type { SecondFactorEnrolment } from '@fc/contract';
import { api } from '@/lib/api-client';

/**
 * POST /fc-common-api/users/second-factor/enrolment: a new secret, pending until a first code confirms it (a
 * new call replaces it). A step-up check may come first (the API client's dialog).
 */
export async function startEnrolment(): Promise<SecondFactorEnrolment> {
  const res = await api<SecondFactorEnrolment>('/fc-common-api/users/second-factor/enrolment', { method: 'POST', body: {} });
  return res.data[0] as SecondFactorEnrolment;
}

export function useStartEnrolment() {
  return useMutation({ mutationFn: startEnrolment });
}
