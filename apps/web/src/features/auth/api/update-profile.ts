import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authEndpoints, type ProfileUpdate } from '@fc/contract';
import { call } from '@/lib/endpoint-client';
import { applySessionLanguage } from '@/lib/i18n';
import { currentUserKeys } from '@/lib/session/current-user';
import { profileKeys } from './query-keys';

/** Saves the profile {email, language, currentPassword?}. */
export async function updateProfile(body: ProfileUpdate): Promise<void> {
  await call(authEndpoints.updateProfile, { body });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (_data, values) => {
      // The saved language is the session language: the interface follows it at once.
      await applySessionLanguage(values.language);
      await client.invalidateQueries({ queryKey: profileKeys.all });
      await client.invalidateQueries({ queryKey: currentUserKeys.all });
    },
  });
}
