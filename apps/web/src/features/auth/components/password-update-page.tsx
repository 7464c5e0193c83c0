import { useState } from 'react';
import { Alert, Box, Button, IconButton, InputAdornment, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Navigate, useNavigate } from 'react-router';
import { useUrlSearchParams } from '@/lib/url-search';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { COMMON_PASSWORD_CODE, MessageCode, PASSWORD_INPUT_MAX, passwordUpdateFormSchema, type PasswordUpdateForm } from '@fc/contract';
import { ApiError } from '@/lib/api-client';
import { translateValidation } from '@/lib/i18n';
import { useCheckPasswordRequest } from '../api/check-password-request';
import { useResetPassword } from '../api/reset-password';
import { registeredInput } from '@/lib/field-props';

/** The MESSAGE of a form that did not pass the contract's checks: 'match' for a mismatch alone, else 503. */
export function messageForInvalid(errors: FieldErrors<PasswordUpdateForm>): string {
  return !errors.password && errors.confirmPassword?.message === 'match' ? 'match' : MessageCode.PasswordRule;
}

/** Where a server answer sends the page (AUTH-09, password change). */
export function targetForAnswer(token: string, outcome: { code: string } | { error: unknown }): string {
  if ('code' in outcome && outcome.code === MessageCode.PasswordChanged) return `/home?MESSAGE=${MessageCode.PasswordChanged}`;
  const code = 'error' in outcome && outcome.error instanceof ApiError && outcome.error.status < 500 ? outcome.error.code : undefined;
  const message =
    code === MessageCode.PasswordSameAsPrevious || code === MessageCode.PasswordRule || code === COMMON_PASSWORD_CODE
      ? code
      : MessageCode.PasswordResetFailed;
  return `/password/update?${new URLSearchParams({ token, MESSAGE: message }).toString()}`;
}

/**
 * Change password through an e-mailed link (AUTH-07, AUTH-08, AUTH-09). No token, or one the server
 * rejects, shows the 404 page. Passwords are never kept as drafts.
 */
export default function PasswordUpdatePage() {
  const { t } = useTranslation('auth');
  const [params] = useUrlSearchParams();
  const token = params.get('token') ?? '';
  const check = useCheckPasswordRequest(token);
  if (!token) return <Navigate to="/error-404" replace />;
  if (check.isPending) return <LinearProgress aria-label={t('update.checking')} />;
  if (check.isError) return <Alert severity="error">{t('common:messages.107')}</Alert>;
  if (!check.data) return <Navigate to="/error-404" replace />;
  return <PasswordUpdateForm token={token} username={check.data.username} />;
}

function PasswordUpdateForm({ token, username }: { token: string; username: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [show, setShow] = useState(false);
  const {
    register,
    handleSubmit,
    reset: clear,
    formState: { errors },
  } = useForm<PasswordUpdateForm>({
    resolver: zodResolver(passwordUpdateFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const go = async (to: string) => {
    clear();
    await navigate(to, { replace: true });
  };

  const onSubmit = handleSubmit(
    async ({ password }) => {
      try {
        const code = await reset.mutateAsync({ token, password });
        await go(targetForAnswer(token, { code }));
      } catch (error) {
        await go(targetForAnswer(token, { error }));
      }
    },
    async (invalid) => {
      await navigate(`/password/update?${new URLSearchParams({ token, MESSAGE: messageForInvalid(invalid) }).toString()}`, {
        replace: true,
      });
    },
  );

  const toggle = (
    <InputAdornment position="end">
      <IconButton onClick={() => setShow((s) => !s)} aria-label={show ? t('update.hide') : t('update.show')} aria-pressed={show} edge="end">
        {show ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  );
  const fieldMessage = (m?: string) =>
    m === 'match' ? t('common:messages.match') : m === '503' ? t('common:messages.503') : translateValidation(m);

  return (
    <Box component="form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('update.heading')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('update.intro', { username })}</Typography>
      {/* For password managers: the account this new password belongs to. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <Stack spacing={2}>
        <TextField
          label={t('update.password')}
          type={show ? 'text' : 'password'}
          autoComplete="new-password"
          required
          autoFocus
          error={!!errors.password}
          helperText={errors.password ? fieldMessage(errors.password.message) : t('update.rule')}
          slotProps={{ htmlInput: { maxLength: PASSWORD_INPUT_MAX }, input: { endAdornment: toggle } }}
          {...registeredInput(register('password'))}
        />
        <TextField
          label={t('update.confirm-password')}
          type={show ? 'text' : 'password'}
          autoComplete="new-password"
          required
          error={!!errors.confirmPassword}
          helperText={errors.confirmPassword ? fieldMessage(errors.confirmPassword.message) : undefined}
          slotProps={{ htmlInput: { maxLength: PASSWORD_INPUT_MAX } }}
          {...registeredInput(register('confirmPassword'))}
        />
        <Button type="submit" variant="contained" size="large" disabled={reset.isPending}>
          {t('update.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
