import { useState } from 'react';
import { Alert, Box, Button, Link as MuiLink, Stack, TextField, Typography } from '@mui/material';
import { Link, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { resetRequestSchema, resetWaitMinutes, USERNAME_MAX, type ResetRequest } from '@fc/contract';
import { ApiError } from '@/lib/api-client';
import { translateValidation } from '@/lib/i18n';
import { useAppConfig } from '@/lib/session/app-config';
import { useCreateResetPasswordRequest } from '../api/create-reset-password-request';
import { registeredInput } from '@/lib/field-props';

/**
 * Forgot password (AUTH-05): a username, at most 64 characters. Success goes to the
 * request-received page; a failure shows the persistent negative alert with Dismiss (password-reset-failed).
 */
export default function PasswordResetPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { data: config } = useAppConfig();
  const request = useCreateResetPasswordRequest();
  const [failed, setFailed] = useState(false);
  /** Minutes to wait when this username or this computer asked too often (the neutral throttle answer). */
  const [waitMinutes, setWaitMinutes] = useState<number>();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetRequest>({ resolver: zodResolver(resetRequestSchema), defaultValues: { user: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFailed(false);
    setWaitMinutes(undefined);
    try {
      await request.mutateAsync(values);
      await navigate('/password/success');
    } catch (err) {
      const minutes = err instanceof ApiError ? resetWaitMinutes(err.errors[0]?.code) : undefined;
      if (minutes !== undefined) setWaitMinutes(minutes);
      else setFailed(true);
    }
  });

  return (
    <Box component="form" onSubmit={(e) => void onSubmit(e)} noValidate>
      {failed && (
        <Alert
          severity="error"
          role="alert"
          onClose={() => setFailed(false)}
          slotProps={{ closeButton: { 'aria-label': t('common:actions.dismiss') } }}
          sx={{ mb: 2 }}
          data-testid="password-reset-failed"
        >
          {t('password-reset-failed', { phone: config?.support.phone ?? '', email: config?.support.email ?? '' })}
        </Alert>
      )}
      {waitMinutes !== undefined && (
        <Alert severity="info" role="status" sx={{ mb: 2 }} data-testid="password-reset-wait">
          {t('reset.wait', { count: waitMinutes })}
        </Alert>
      )}
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('reset.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('reset.intro')}
      </Typography>
      <Stack spacing={2}>
        <TextField
          label={t('reset.username')}
          autoComplete="username"
          required
          autoFocus
          error={!!errors.user}
          helperText={errors.user ? translateValidation(errors.user.message) : undefined}
          slotProps={{ htmlInput: { maxLength: USERNAME_MAX } }}
          {...registeredInput(register('user'))}
        />
        <Button type="submit" variant="contained" size="large" disabled={request.isPending}>
          {t('reset.submit')}
        </Button>
        <MuiLink component={Link} to="/cust/login">
          {t('reset.back-to-login')}
        </MuiLink>
      </Stack>
    </Box>
  );
}
