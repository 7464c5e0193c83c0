import { useState } from 'react';
import { Button, LinearProgress, Stack, Typography } from '@mui/material';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/lib/session/app-config';
import { useCurrentUser } from '@/lib/session/current-user';
import { logout } from '@/lib/session/logout';
import { welcomeLink } from '@/lib/session/welcome';
import { SecondFactorEnrolment } from './second-factor-enrolment';

/**
 * The page a user who must have a second factor is held on until they enrol one (issue 19): the route gate,
 * the signed-in layouts and the API client (403 mfa-enrolment-required) send them here. Nothing else of the
 * portal is offered but signing out. Enrolled, the user goes on to their welcome page.
 */
export default function SecondFactorEnrolPage() {
  const { t } = useTranslation('auth');
  const { data: user } = useCurrentUser();
  const { data: config } = useAppConfig();
  // Held at arrival: the current user stops saying so once the first code is confirmed, before the codes are put away.
  const [held] = useState(() => user?.mfaEnrolmentRequired === 'Y');
  if (!user) return <LinearProgress aria-label={t('common:app.loading')} />;
  if (!held) return <Navigate to="/profile" replace />;
  const welcome = welcomeLink(config, user) ?? '/ui/home';
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="outlined" onClick={() => logout(config, user)}>
          {t('common:actions.logout')}
        </Button>
      </Stack>
      <Typography variant="h1">{t('second-factor-enrol.heading')}</Typography>
      <Typography>{t('second-factor-enrol.intro', { username: user.username })}</Typography>
      <SecondFactorEnrolment username={user.username} onDone={() => window.location.assign(welcome)} />
    </Stack>
  );
}
