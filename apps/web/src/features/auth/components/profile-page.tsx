import { useEffect } from 'react';
import { Box, Button, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX, emailChangeNeedsPassword, formatDate, PASSWORD_INPUT_MAX, profileFormSchema, type ProfileUpdate } from '@fc/contract';
import { ApiError } from '@/lib/api-client';
import { translateValidation } from '@/lib/i18n';
import { useDraft } from '@/lib/use-draft';
import { DraftPrompt } from '@/components/draft-prompt';
import { useToast } from '@/components/toast';
import { useProfile, type Profile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { registeredInput } from '@/lib/field-props';
import { SecondFactorSection } from './second-factor-section';
import { stepUpCancelled } from './second-factor-enrolment';

/**
 * The signed-in user's profile: the e-mail address that password-reset links go to, the language, and the
 * second factor (issue 19).
 * Unsaved changes are kept as a draft when the session times out (lib/use-draft.ts).
 */
export default function ProfilePage() {
  const { t } = useTranslation('auth');
  const profile = useProfile();
  if (!profile.data) return <LinearProgress aria-label={t('common:app.loading')} />;
  return (
    <>
      <ProfileForm profile={profile.data} />
      <SecondFactorSection username={profile.data.username} />
    </>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const update = useUpdateProfile();
  const saved: ProfileUpdate = { email: profile.email ?? '', language: profile.language };
  const {
    register,
    control,
    handleSubmit,
    reset,
    getValues,
    setError,
    watch,
    formState: { errors, isDirty },
  } = useForm<ProfileUpdate>({ resolver: zodResolver(profileFormSchema(profile.email)), defaultValues: saved });
  // The password is never kept in a draft.
  const { draft, discard } = useDraft<ProfileUpdate>({
    values: () => {
      if (!isDirty) return null;
      const { currentPassword: _omit, ...rest } = getValues();
      return rest;
    },
  });
  // A new address for reset links needs the current password (the server checks it too).
  const moving = emailChangeNeedsPassword(profile.email, watch('email') ?? '');

  // A saved profile becomes the form's new starting point.
  useEffect(() => {
    reset({ email: profile.email ?? '', language: profile.language });
  }, [profile.email, profile.language, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      discard();
      toast.success(t('profile.saved'));
    } catch (err) {
      // A new address asked for the step-up check and the user cancelled it: the dialog said so (issue 19).
      if (stepUpCancelled(err)) return;
      const fields = err instanceof ApiError ? err.fieldErrors() : {};
      for (const [name, e] of Object.entries(fields)) {
        if (name === 'email' || name === 'language' || name === 'currentPassword') setError(name, { message: e.code ?? 'invalid' });
      }
      if (Object.keys(fields).length === 0) toast.error(t('profile.save-failed'));
    }
  });

  const changed = profile.passwordChangedAt ? formatDate(profile.passwordChangedAt) : null;
  return (
    <Box component="form" onSubmit={(e) => void onSubmit(e)} noValidate sx={{ maxWidth: 560 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('profile.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('profile.intro')}
      </Typography>
      {draft && (
        <DraftPrompt
          onRestore={() => {
            reset(draft, { keepDefaultValues: true });
            discard();
          }}
          onDiscard={discard}
        />
      )}
      <Stack spacing={2}>
        <TextField label={t('profile.username')} value={profile.username} slotProps={{ htmlInput: { readOnly: true } }} />
        <TextField label={t('profile.full-name')} value={profile.fullName} slotProps={{ htmlInput: { readOnly: true } }} />
        <TextField
          label={t('profile.email')}
          type="email"
          autoComplete="email"
          required
          error={!!errors.email}
          helperText={errors.email ? translateValidation(errors.email.message) : undefined}
          slotProps={{ htmlInput: { maxLength: EMAIL_MAX } }}
          {...registeredInput(register('email'))}
        />
        {moving && (
          <TextField
            label={t('profile.current-password')}
            type="password"
            autoComplete="current-password"
            required
            error={!!errors.currentPassword}
            helperText={errors.currentPassword ? translateValidation(errors.currentPassword.message) : t('profile.current-password-hint')}
            slotProps={{ htmlInput: { maxLength: PASSWORD_INPUT_MAX } }}
            {...register('currentPassword')}
          />
        )}
        <Controller
          control={control}
          name="language"
          render={({ field }) => (
            <TextField
              select
              label={t('profile.language')}
              value={field.value}
              onChange={(e) => field.onChange(Number(e.target.value))}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={!!errors.language}
              helperText={errors.language ? translateValidation(errors.language.message) : undefined}
            >
              {([0, 1, 2] as const).map((code) => (
                <MenuItem key={code} value={code}>
                  {t(`profile.languages.${code}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {changed && <Typography color="text.secondary">{t('profile.password-changed', { date: changed })}</Typography>}
        <Typography color="text.secondary">{t('profile.change-password')}</Typography>
        <Box>
          <Button type="submit" variant="contained" disabled={update.isPending || !isDirty}>
            {t('profile.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
