import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The generic error page: 'An error occurred. Please try again later.' with go back and go home. */
export default function ErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {t('errors.generic')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
        <Button onClick={() => void navigate(-1)}>{t('actions.go-back')}</Button>
        <Button variant="contained" href="/">
          {t('actions.go-home')}
        </Button>
      </Stack>
    </Box>
  );
}
