import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** 'Oops. Nothing here...' with Go back (only when there is somewhere to go back to) and Go home to /. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canGoBack = window.history.length > 1;
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {t('errors.not-found')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
        {canGoBack && <Button onClick={() => void navigate(-1)}>{t('actions.go-back')}</Button>}
        <Button variant="contained" href="/">
          {t('actions.go-home')}
        </Button>
      </Stack>
    </Box>
  );
}
