import { Box } from '@mui/material';
import { Outlet } from 'react-router';
import { BrandLogo } from '@/components/brand-logo';
import { CopyrightFooter } from './footer';

/** Blank layout: a header logo linking to / and a footer with a copyright line. */
export default function BlankLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <BrandLogo to="/" color="#0b2545" />
      </Box>
      <Box component="main" sx={{ flex: 1, p: { xs: 2, sm: 4 } }}>
        <Outlet />
      </Box>
      <CopyrightFooter />
    </Box>
  );
}
