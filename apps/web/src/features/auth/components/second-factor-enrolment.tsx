import { useEffect, useRef, useState } from 'react';
import { Box, Button, IconButton, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { MfaCode, normaliseCode, secondFactorCodeFormSchema, type SecondFactorCodeForm, type SecondFactorEnrolment } from '@fc/contract';
import { SecondFactorCodeField } from '@/components/second-factor-code-field';
import { useToast } from '@/components/toast';
import { ApiError } from '@/lib/api-client';
import { translateValidation } from '@/lib/i18n';
import { useConfirmEnrolment } from '../api/confirm-enrolment';
import { useStartEnrolment } from '../api/start-enrolment';
import { copyText } from '../copy-text';
import { QrCode } from './qr-code';
import { RecoveryCodes } from './recovery-codes';

/** The secret in groups of four, as authenticator apps show it (spaces are ignored when it is typed). */
export const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** A step-up check the user cancelled: the dialog already said the change was not made. */
export const stepUpCancelled = (err: unknown) => err instanceof ApiError && err.code === MfaCode.StepUpRequired;

/**
 * Enrolment of a second factor (issue 19), on the profile page and on the page a user who must enrol is held
 * on: a new secret as a QR code and as text, confirmed by a first code from the app; then the ten recovery
 * codes, shown once. `onDone` runs once the user has put the codes away.
 */
export function SecondFactorEnrolment({
  username,
  onDone,
  onCancel,
  headingLevel = 'h2',
}: {
  username: string;
  onDone: () => void;
  onCancel?: () => void;
  /** The level of the steps' headings under the page's own headings. */
  headingLevel?: 'h2' | 'h3';
}) {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const start = useStartEnrolment();
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment>();
  const [codes, setCodes] = useState<string[]>();

  const begin = async () => {
    try {
      setEnrolment(await start.mutateAsync());
    } catch (err) {
      if (!stepUpCancelled(err)) toast.error(t('second-factor.enrol-failed'));
    }
  };

  if (codes) return <RecoveryCodes codes={codes} username={username} onDone={onDone} headingLevel={headingLevel} />;
  if (!enrolment)
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{t('second-factor.enrol-intro')}</Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={() => void begin()} disabled={start.isPending} data-testid="second-factor-start">
            {t('second-factor.enrol-start')}
          </Button>
          {onCancel && <Button onClick={onCancel}>{t('common:actions.cancel')}</Button>}
        </Stack>
      </Stack>
    );
  return <ConfirmStep enrolment={enrolment} onConfirmed={setCodes} onCancel={onCancel} headingLevel={headingLevel} />;
}

function ConfirmStep({
  enrolment,
  onConfirmed,
  onCancel,
  headingLevel,
}: {
  enrolment: SecondFactorEnrolment;
  onConfirmed: (codes: string[]) => void;
  onCancel?: () => void;
  headingLevel: 'h2' | 'h3';
}) {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const confirm = useConfirmEnrolment();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SecondFactorCodeForm>({ resolver: zodResolver(secondFactorCodeFormSchema(false)), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      onConfirmed(await confirm.mutateAsync({ code: normaliseCode(code) }));
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setError('code', { message: err.code ?? 'invalid' }, { shouldFocus: true });
      else if (!stepUpCancelled(err)) toast.error(t('second-factor.enrol-failed'));
    }
  });

  const grouped = groupSecret(enrolment.secret);
  return (
    <Box component="form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack spacing={2}>
        <Typography variant="h2" component={headingLevel} sx={{ fontSize: '1.25rem' }} tabIndex={-1} ref={heading}>
          {t('second-factor.scan-heading')}
        </Typography>
        <Typography>{t('second-factor.scan-intro')}</Typography>
        <QrCode text={enrolment.otpauthUri} label={t('second-factor.qr-label')} />
        <Typography>{t('second-factor.secret-intro')}</Typography>
        <TextField
          label={t('second-factor.secret')}
          value={grouped}
          helperText={t('second-factor.secret-hint', { count: enrolment.secret.length })}
          slotProps={{
            htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace', letterSpacing: '0.05em' } },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={t('second-factor.copy-secret')}
                    onClick={() =>
                      void copyText(enrolment.secret).then((ok) =>
                        ok ? toast.info(t('second-factor.copied')) : toast.error(t('second-factor.copy-failed')),
                      )
                    }
                    edge="end"
                  >
                    <ContentCopyIcon />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
          data-testid="second-factor-secret"
        />
        <SecondFactorCodeField
          registration={register('code')}
          recovery={false}
          onRecoveryChange={() => undefined}
          allowRecovery={false}
          error={errors.code?.message ? translateValidation(errors.code.message) : undefined}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={confirm.isPending}>
            {t('second-factor.confirm')}
          </Button>
          {onCancel && <Button onClick={onCancel}>{t('common:actions.cancel')}</Button>}
        </Stack>
      </Stack>
    </Box>
  );
}
