import { useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  normaliseCode,
  secondFactorCodeFormSchema,
  secondFactorRemoveFormSchema,
  type SecondFactorCodeForm,
  type SecondFactorRemoveForm,
} from '@fc/contract';
import { CurrentPasswordField } from '@/components/current-password-field';
import { SecondFactorCodeField } from '@/components/second-factor-code-field';
import { useToast } from '@/components/toast';
import { ApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session/current-user';
import { useSecondFactor } from '../api/get-second-factor';
import { useNewRecoveryCodes } from '../api/new-recovery-codes';
import { useRemoveSecondFactor } from '../api/remove-second-factor';
import { RecoveryCodes } from './recovery-codes';
import { SecondFactorEnrolment, stepUpCancelled } from './second-factor-enrolment';
import { useCodeOrRecoveryForm } from '@/lib/use-code-or-recovery-form';

type Mode = { kind: 'status' } | { kind: 'enrol' } | { kind: 'codes'; codes: string[] };

/**
 * The profile page's "Two-step sign-in" (issue 19): whether the user has a second factor, enrolment, new
 * recovery codes and removal. Single-sign-on users are told their identity provider owns their factors.
 */
export function SecondFactorSection({ username }: { username: string }) {
  const { t } = useTranslation('auth');
  const { data: user } = useCurrentUser();
  const status = useSecondFactor();
  const [mode, setMode] = useState<Mode>({ kind: 'status' });
  const [dialog, setDialog] = useState<'remove' | 'codes' | null>(null);
  const toast = useToast();

  const body = () => {
    if (user?.ssoUser === 'Y') return <Typography>{t('second-factor.sso')}</Typography>;
    if (!status.data) return <LinearProgress aria-label={t('common:app.loading')} />;
    if (mode.kind === 'enrol')
      return (
        <SecondFactorEnrolment
          username={username}
          headingLevel="h3"
          onCancel={() => setMode({ kind: 'status' })}
          onDone={() => {
            setMode({ kind: 'status' });
            toast.success(t('second-factor.enrolled-toast'));
          }}
        />
      );
    if (mode.kind === 'codes')
      return <RecoveryCodes codes={mode.codes} username={username} headingLevel="h3" onDone={() => setMode({ kind: 'status' })} />;
    const s = status.data;
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography data-testid="second-factor-status">
          {s.enrolled
            ? s.enrolledAt
              ? t('second-factor.status-on-since', { date: formatDate(s.enrolledAt) })
              : t('second-factor.status-on')
            : t('second-factor.status-off')}
        </Typography>
        {s.enrolled && <Typography color="text.secondary">{t('second-factor.codes-left', { count: s.recoveryCodesLeft })}</Typography>}
        {s.required && <Typography color="text.secondary">{t('second-factor.required')}</Typography>}
        {s.enrolled ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="outlined" onClick={() => setDialog('codes')}>
              {t('second-factor.new-codes')}
            </Button>
            <Button variant="outlined" color="error" onClick={() => setDialog('remove')}>
              {t('second-factor.remove')}
            </Button>
          </Stack>
        ) : (
          <Button variant="contained" onClick={() => setMode({ kind: 'enrol' })}>
            {t('second-factor.enrol')}
          </Button>
        )}
      </Stack>
    );
  };

  return (
    <Box component="section" aria-labelledby="second-factor-heading" sx={{ maxWidth: 560, mt: 4 }}>
      <Divider sx={{ mb: 3 }} />
      <Typography variant="h2" id="second-factor-heading" sx={{ fontSize: '1.5rem', mb: 2 }}>
        {t('second-factor.heading')}
      </Typography>
      {body()}
      {dialog === 'remove' && (
        <RemoveDialog
          onClose={(removed) => {
            setDialog(null);
            if (removed) toast.success(t('second-factor.removed-toast'));
          }}
        />
      )}
      {dialog === 'codes' && (
        <NewCodesDialog
          onClose={(codes) => {
            setDialog(null);
            if (codes) setMode({ kind: 'codes', codes });
          }}
        />
      )}
    </Box>
  );
}

/** Turning the second factor off: the password and a code (or a recovery code). */
function RemoveDialog({ onClose }: { onClose: (removed: boolean) => void }) {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const remove = useRemoveSecondFactor();
  const { form, codeField, refuseCode } = useCodeOrRecoveryForm<SecondFactorRemoveForm>(secondFactorRemoveFormSchema, {
    password: '',
    code: '',
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async ({ password, code }) => {
    try {
      await remove.mutateAsync({ password, code: normaliseCode(code) });
      onClose(true);
    } catch (err) {
      const fields = err instanceof ApiError && err.status === 400 ? err.fieldErrors() : {};
      const named = Object.entries(fields).filter(([name]) => name === 'password' || name === 'code');
      for (const [name, e] of named) setError(name as 'password' | 'code', { message: e.code ?? 'invalid' }, { shouldFocus: true });
      if (named.length === 0 && err instanceof ApiError && err.status === 400) refuseCode(err.code);
      else if (named.length === 0 && !stepUpCancelled(err)) toast.error(t('second-factor.remove-failed'));
    }
  });

  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="remove-2fa-title" fullWidth maxWidth="xs">
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <DialogTitle id="remove-2fa-title">{t('second-factor.remove-title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('second-factor.remove-intro')}</DialogContentText>
          <Stack spacing={2}>
            <CurrentPasswordField label={t('second-factor.password')} error={errors.password} registration={register('password')} />
            <SecondFactorCodeField {...codeField} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(false)}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" color="error" disabled={remove.isPending}>
            {t('second-factor.remove-confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** New recovery codes: a code (or one of the old recovery codes) first; the old codes stop working. */
function NewCodesDialog({ onClose }: { onClose: (codes?: string[]) => void }) {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const renew = useNewRecoveryCodes();
  const { form, codeField, refuseCode } = useCodeOrRecoveryForm<SecondFactorCodeForm>(secondFactorCodeFormSchema, { code: '' });
  const { handleSubmit } = form;

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      onClose(await renew.mutateAsync({ code: normaliseCode(code) }));
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) refuseCode(err.code);
      else if (!stepUpCancelled(err)) toast.error(t('second-factor.new-codes-failed'));
    }
  });

  return (
    <Dialog open onClose={() => onClose()} aria-labelledby="new-codes-title" fullWidth maxWidth="xs">
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <DialogTitle id="new-codes-title">{t('second-factor.new-codes-title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('second-factor.new-codes-intro')}</DialogContentText>
          <SecondFactorCodeField {...codeField} autoFocus />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose()}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={renew.isPending}>
            {t('second-factor.new-codes-confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
