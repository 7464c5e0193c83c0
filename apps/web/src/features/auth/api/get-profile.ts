import { queryOptions, useQuery } from '@tanstack/react-query';
import { authEndpoints, type Profile } from '@fc/contract';
import { call } from '@/lib/endpoint-client';
import { profileKeys } from './query-keys';

export type { Profile };

/** The signed-in user's own e-mail address and language. */
export async function getProfile(): Promise<Profile> {
  const res = await call(authEndpoints.profile);
  return res.data[0] as Profile;
}

export const profileQuery = queryOptions({ queryKey: profileKeys.all, queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQuery);
}
