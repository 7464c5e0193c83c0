import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** A page that failed to load or render: the generic error text, with go back and go home. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return (
    <Box component="main" sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ fontSize: '1.75rem', mb: 2 }}>
        {t('errors.generic')}
      </Typography>
      <Button onClick={() => window.history.back()} sx={{ mr: 1 }}>
        {t('actions.go-back')}
      </Button>
      <Button variant="contained" href="/">
        {t('actions.go-home')}
      </Button>
    </Box>
  );
}
