import { Suspense } from 'react';
import { AppBar, Box, LinearProgress, Toolbar } from '@mui/material';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@/components/brand-logo';
import { LanguageSwitch } from '@/components/language-switch';
import { UserMenu } from '@/components/user-menu';
import { TopAlert } from '@/components/top-alert';
import { CopyrightFooter } from './footer';
import { SessionGuard } from './session-guard';
import { MAIN_ID, SkipLink } from './skip-link';

/**
 * Customer layout (APP-08): the username dropdown with logout, no left menu; the logo leads
 * back to the customer's welcome page, which lists the other screens (decision 0101).
 */
export default function CustomerLayout() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <AppBar position="static">
        <Toolbar sx={{ gap: 1 }}>
          <BrandLogo to="/cust/welcome" />
          <Box sx={{ flex: 1 }} />
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <LanguageSwitch color="#fff" />
          </Box>
          <UserMenu />
        </Toolbar>
      </AppBar>
      <TopAlert />
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flex: 1, p: { xs: 1.5, sm: 3 }, outline: 'none' }}>
        <Suspense fallback={<LinearProgress aria-label={t('app.loading')} />}>
          <Outlet />
        </Suspense>
      </Box>
      <CopyrightFooter terms support />
      <SessionGuard />
    </Box>
  );
}
