import { useRef, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useUrlSearchParams } from '@/lib/url-search';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { authEndpoints, CSRF_FIELD, MessageCode, MfaCode, SECOND_FACTOR_FORM_NAME, secondFactorLoginFormSchema } from '@fc/contract';
import { SecondFactorCodeField } from '@/components/second-factor-code-field';
import { pickedLanguage, translateValidation } from '@/lib/i18n';
import { useSecondFactorChallenge } from '../api/get-second-factor-challenge';
import { fetchFormToken, formToken, putToken, rememberedLoginType } from '../sign-in-form';

type Values = { CODE?: string; RECOVERY_CODE?: string };

/**
 * The code step of a sign-in with a second factor (issue 19): after the password, the server holds the
 * sign-in in a challenge and sends the browser here. A classic form post, like the login form, of the code
 * from the authenticator app (CODE) or a recovery code (RECOVERY_CODE); the server answers with the welcome
 * page or back here with MESSAGE (mfa-invalid, mfa-expired, 5), which the top alert shows.
 */
export default function SecondFactorLoginPage() {
  const { t } = useTranslation('auth');
  const [params] = useUrlSearchParams();
  const message = params.get('MESSAGE');
  const challenge = useSecondFactorChallenge();
  const loginLink = `/${rememberedLoginType()}/login`;

  if (challenge.isPending) return <LinearProgress aria-label={t('common:app.loading')} />;
  // The step ran out or was never started (or the account locked): only a new sign-in helps.
  if (!challenge.data || message === MfaCode.Expired || message === MessageCode.AccountLocked) {
    const saidAbove = message === MfaCode.Expired || message === MessageCode.AccountLocked;
    return (
      <Stack spacing={2}>
        <Typography variant="h1">{t('second-factor-login.heading')}</Typography>
        {!saidAbove && (
          <Alert severity="warning" data-testid="second-factor-expired">
            {t('common:messages.mfa-expired')}
          </Alert>
        )}
        <MuiLink component={Link} to={loginLink} data-testid="second-factor-login-again">
          {t('second-factor-login.login-again')}
        </MuiLink>
      </Stack>
    );
  }
  return <CodeForm username={challenge.data.username} invalid={message === MfaCode.Invalid} loginLink={loginLink} />;
}

function CodeForm({ username, invalid, loginLink }: { username: string; invalid: boolean; loginLink: string }) {
  const { t } = useTranslation('auth');
  const [recovery, setRecovery] = useState(false);
  // The resolver reads the switch when it runs (useForm keeps the resolver of its first render).
  const recoveryRef = useRef(false);
  const [sending, setSending] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values>({
    resolver: (values, context, options) =>
      zodResolver(secondFactorLoginFormSchema(recoveryRef.current))(values as never, context, options as never) as never,
    shouldUnregister: true,
  });

  const send = (form: HTMLFormElement) =>
    handleSubmit(async () => {
      setSending(true);
      putToken(form, formToken() ?? (await fetchFormToken()));
      // Posted as the browser would (the server answers with a redirect); handleSubmit held the event.
      form.submit();
    });

  const fieldError = recovery ? errors.RECOVERY_CODE : errors.CODE;
  const error = fieldError?.message ? translateValidation(fieldError.message) : invalid ? t('second-factor-login.try-again') : undefined;
  return (
    <Box
      component="form"
      method="post"
      action={authEndpoints.secondFactorLogin.path}
      onSubmit={(e) => void send(e.currentTarget)(e)}
      noValidate
      data-testid="second-factor-form"
    >
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('second-factor-login.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t(recovery ? 'second-factor-login.intro-recovery' : 'second-factor-login.intro', { username })}
      </Typography>
      <input type="hidden" name="WEB_FORM_NAME" value={SECOND_FACTOR_FORM_NAME} />
      {/* No value from React: a render after putToken (the button's busy state) would put the empty one back. */}
      <input type="hidden" name={CSRF_FIELD} />
      <input type="hidden" name="LANGUAGE" value={pickedLanguage() ?? ''} />
      <Stack spacing={2}>
        <SecondFactorCodeField
          registration={register(recovery ? 'RECOVERY_CODE' : 'CODE')}
          recovery={recovery}
          onRecoveryChange={(next) => {
            recoveryRef.current = next;
            setRecovery(next);
            reset({});
          }}
          error={error}
          autoFocus
        />
        <Button type="submit" variant="contained" size="large" disabled={sending}>
          {t('second-factor-login.submit')}
        </Button>
        <MuiLink component={Link} to={loginLink}>
          {t('second-factor-login.cancel')}
        </MuiLink>
      </Stack>
    </Box>
  );
}
