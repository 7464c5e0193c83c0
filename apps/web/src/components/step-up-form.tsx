import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { normaliseCode, secondFactorCodeFormSchema, stepUpPasswordFormSchema } from '@fc/contract';
import { ApiError } from '@/lib/api-client';
import { verifySession } from '@/lib/session/verify';
import { useCodeOrRecoveryForm } from '@/lib/use-code-or-recovery-form';
import { CurrentPasswordField } from './current-password-field';
import { SecondFactorCodeField } from './second-factor-code-field';
import { useToast } from './toast';

type StepUpValues = { password?: string; code?: string };

/** The step-up dialog's form (step-up-dialog.tsx): the password, or a code when the user has a second factor. */
export default function StepUpForm({ withCode, onDone }: { withCode: boolean; onDone: (confirmed: boolean) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const {
    form: {
      register,
      handleSubmit,
      setError,
      formState: { errors },
    },
    codeField,
    refuseCode,
  } = useCodeOrRecoveryForm<StepUpValues>(
    (recovery) =>
      (withCode ? secondFactorCodeFormSchema(recovery) : stepUpPasswordFormSchema) as unknown as z.ZodType<StepUpValues, StepUpValues>,
    withCode ? { code: '' } : { password: '' },
  );

  const finish = (confirmed: boolean) => {
    if (!confirmed) toast.error(t('step-up.cancelled'));
    onDone(confirmed);
  };

  const onSubmit = handleSubmit(async (values) => {
    setBusy(true);
    try {
      await verifySession(withCode ? { code: normaliseCode(values.code ?? '') } : { password: values.password ?? '' });
      finish(true);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 400) {
        if (withCode) refuseCode(err.code);
        else setError('password', { message: err.code ?? 'invalid' }, { shouldFocus: true });
        return;
      }
      // Locked out (the session ended and the API client went to the login page), or the server failed.
      if (!(err instanceof ApiError && err.status === 401)) toast.error(t('step-up.failed'));
      onDone(false);
    }
  });

  return (
    <Dialog open onClose={() => finish(false)} aria-labelledby="step-up-title" aria-describedby="step-up-text" fullWidth maxWidth="xs">
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <DialogTitle id="step-up-title">{t('step-up.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="step-up-text" sx={{ mb: 2 }}>
            {t(withCode ? 'step-up.intro-code' : 'step-up.intro-password')}
          </DialogContentText>
          <Stack spacing={2}>
            {withCode ? (
              <SecondFactorCodeField {...codeField} autoFocus />
            ) : (
              <CurrentPasswordField label={t('step-up.password')} error={errors.password} registration={register('password')} />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => finish(false)}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('step-up.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
