import { Suspense, useEffect } from 'react';
import { Outlet, useMatches, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LinearProgress } from '@mui/material';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { currentUserQuery } from '@/lib/session/current-user';
import { appConfigQuery } from '@/lib/session/app-config';
import { TopAlert } from '@/components/top-alert';
import { ToastProvider } from '@/components/toast';
import { StepUpDialog } from '@/components/step-up-dialog';
import { MessageCode, type RouteHandle } from '@fc/contract';
import { saveAllDrafts } from '@/lib/use-draft';
import { unauthorizedTarget } from '@/features/auth/unauthorized';

/** Layouts that place the top alert themselves (router.tsx names layout routes `layout-<layout>`). */
const LAYOUTS_WITH_OWN_ALERT = new Set(['layout-default', 'layout-customer']);

/**
 * The app root (APP-04): the hidden frame used for authentication, the top alert read
 * from MESSAGE, and the redirect to the login page on a 401 or 403 from any call; the step-up dialog of
 * issue 19 that a sensitive change may ask for.
 */
export function AppRoot() {
  const navigate = useNavigate();
  const matches = useMatches();
  const { t } = useTranslation();

  useEffect(() => {
    let redirecting = false;
    setUnauthorizedHandler((status, error, path) => {
      // Several calls fail at once when a session ends; the first one decides where to go.
      if (redirecting) return;
      redirecting = true;
      const user = queryClient.getQueryData(currentUserQuery.queryKey);
      const config = queryClient.getQueryData(appConfigQuery.queryKey);
      // The server ended the session for inactivity: keep what the user was typing (lib/use-draft.ts).
      if (status === 401 && error.code === MessageCode.SessionExpired) saveAllDrafts();
      queryClient.removeQueries({ queryKey: currentUserQuery.queryKey });
      const target = unauthorizedTarget({ status, code: error.code, path, user, config });
      if ('assign' in target) window.location.assign(target.assign);
      else {
        void Promise.resolve(navigate(target.navigate)).finally(() => {
          redirecting = false;
        });
      }
    });
  }, [navigate]);

  // The signed-in layouts show the alert under their app bar (the default layout's bar is fixed and would
  // cover it here); the other layouts have it at the top of the page.
  const ownAlert = matches.some((m) => LAYOUTS_WITH_OWN_ALERT.has(m.id));
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.titleKey)?.handle as RouteHandle | undefined;
  const title = handle ? t(handle.titleKey) : '';
  useEffect(() => {
    const brand = queryClient.getQueryData(appConfigQuery.queryKey)?.brandName ?? 'Fleet Charge';
    document.title = title ? `${title} | ${brand}` : brand;
  }, [title]);

  return (
    <ToastProvider>
      <iframe title={t('app.auth-frame')} src="/frame" hidden aria-hidden="true" tabIndex={-1} />
      {!ownAlert && <TopAlert />}
      <Suspense fallback={<LinearProgress aria-label={t('app.loading')} />}>
        <Outlet />
      </Suspense>
      <StepUpDialog />
    </ToastProvider>
  );
}
