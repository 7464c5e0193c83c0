import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface Profile {
  username: string;
  fullName: string;
  email: string | null;
  language: 0 | 1 | 2;
  passwordChangedAt: string | null;
}

/** GET /fc-common-api/users/profile: the signed-in user's own e-mail address and language. */
export async function getProfile(): Promise<Profile> {
  const res = await api<Profile>('/fc-common-api/users/profile');
  return res.data[0] as Profile;
}

export const profileQuery = queryOptions({ queryKey: ['profile'], queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQuery);
}
