import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Shown to browsers the portal does not support. */
export default function UnsupportedBrowserPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: 6, maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('errors.unsupported-heading')}
      </Typography>
      <Typography>{t('errors.unsupported')}</Typography>
    </Box>
  );
}
