import { Box, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useAppConfig } from '@/lib/session/app-config';

/** The programme's logo and name, linking home. */
export function BrandLogo({ to = '/home', color = 'inherit' }: { to?: string; color?: string }) {
  const { data } = useAppConfig();
  const brand = data?.brandName ?? 'Fleet Charge';
  return (
    <Box
      component={Link}
      to={to}
      // In a toolbar the name gives way first (on two lines, smaller, on a phone), so that the signed-in
      // username beside it stays whole on a 360 px phone, and the name is read whole (issue 20).
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color, textDecoration: 'none', minWidth: 0 }}
      aria-label={brand}
    >
      <Box component="svg" viewBox="0 0 32 32" aria-hidden="true" sx={{ width: 32, height: 32, flex: 'none' }}>
        <rect width="32" height="32" rx="6" fill="#0b2545" />
        <path d="M8 9h16v4H13v3h9v4h-9v3H8z" fill="#f28c28" />
      </Box>
      <Typography
        component="span"
        sx={{
          fontWeight: 700,
          fontSize: { xs: '0.875rem', sm: '1.15rem' },
          lineHeight: { xs: 1.15, sm: 1.5 },
          whiteSpace: { xs: 'normal', md: 'nowrap' },
          minWidth: 0,
        }}
      >
        {brand}
      </Typography>
    </Box>
  );
}
