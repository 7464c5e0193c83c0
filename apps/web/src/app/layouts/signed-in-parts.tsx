import { Suspense } from 'react';
import { Box, LinearProgress } from '@mui/material';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { UserMenu } from '@/components/user-menu';
import { MAIN_ID } from './skip-link';

/*
 * The parts the signed-in layouts (with and without the left menu) share, so that the app bar and the main
 * landmark are the same on every signed-in page.
 */

/** The right end of the app bar: the language (in the menu instead on a phone) and the username's menu. */
export function AppBarEnd() {
  return (
    <>
      <Box sx={{ flex: 1 }} />
      <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
        <LanguageSwitch color="#fff" />
      </Box>
      <UserMenu />
    </>
  );
}

/** The page itself: the skip link's target, a progress bar while the page's code loads. */
export function MainContent() {
  const { t } = useTranslation();
  return (
    <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flex: 1, p: { xs: 1.5, sm: 3 }, outline: 'none' }}>
      <Suspense fallback={<LinearProgress aria-label={t('app.loading')} />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
