import { useCallback } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from '@fc/contract/session';
import { useCurrentUser } from '@/lib/session/current-user';
import { useAppConfig } from '@/lib/session/app-config';
import { logout, type LogoutOptions } from '@/lib/session/logout';
import { useSessionTimeout } from './use-session-timeout';

/**
 * The session-timeout warning with its countdown (SESS-02, SESS-03). Signed-in layouts mount it
 * through SessionGuard; it is inactive on /ui/home.
 */
export function SessionTimeout() {
  const { t } = useTranslation('session-timeout');
  const { data: user } = useCurrentUser();
  const { data: config } = useAppConfig();
  const leave = useCallback((opts: LogoutOptions) => logout(config, user, opts), [config, user]);
  const { secondsLeft, continueSession, signOut } = useSessionTimeout(leave);
  const open = secondsLeft !== null;
  return (
    <Dialog
      open={open}
      role="alertdialog"
      aria-labelledby="session-timeout-title"
      aria-describedby="session-timeout-body"
      // Only the buttons answer: a stray Escape or click must not decide for the user.
      onClose={() => undefined}
      data-testid="session-timeout"
    >
      <DialogTitle id="session-timeout-title">{t('title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="session-timeout-body">
          {t('body', { time: formatCountdown(secondsLeft ?? 0) })} {t('question')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={signOut}>{t('logout')}</Button>
        <Button variant="contained" onClick={continueSession} autoFocus>
          {t('continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
