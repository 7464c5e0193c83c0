import { Box, Button, Typography } from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/lib/session/app-config';

/** Request received (AUTH-06): success icon, heading, instructions, support contact, back to /home. */
export default function PasswordSuccessPage() {
  const { t } = useTranslation('auth');
  const { data: config } = useAppConfig();
  return (
    <Box sx={{ textAlign: 'center' }}>
      <CheckCircleOutline color="success" sx={{ fontSize: 64, mb: 1 }} aria-hidden />
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('success.heading')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('success.instructions')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('success.check-spam')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('success.support', { phone: config?.support.phone ?? '', email: config?.support.email ?? '' })}
      </Typography>
      <Button variant="contained" component={Link} to="/home">
        {t('success.go-back')}
      </Button>
    </Box>
  );
}
