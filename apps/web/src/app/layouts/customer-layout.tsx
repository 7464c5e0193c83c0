import { AppBar, Box, Toolbar } from '@mui/material';
import { BrandLogo } from '@/components/brand-logo';
import { TopAlert } from '@/components/top-alert';
import { CopyrightFooter } from './footer';
import { SessionGuard } from './session-guard';
import { AppBarEnd, MainContent } from './signed-in-parts';
import { SkipLink } from './skip-link';

/**
 * Customer layout (APP-08): the username dropdown with logout, no left menu; the logo leads
 * back to the customer's welcome page, which lists the other screens (decision 0101).
 */
export default function CustomerLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <AppBar position="static">
        <Toolbar sx={{ gap: 1 }}>
          <BrandLogo to="/cust/welcome" />
          <AppBarEnd />
        </Toolbar>
      </AppBar>
      <TopAlert />
      <MainContent />
      <CopyrightFooter terms support />
      <SessionGuard />
    </Box>
  );
}
