import { Box, Button, Typography } from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/lib/session/app-config';

/** The success and failure pages of an account request (ACCT-05): heading, text, support, back to /home. */
export function RequestResultPage({ outcome }: { outcome: 'success' | 'failure' }) {
  const { t } = useTranslation('customers');
  const { data: config } = useAppConfig();
  const support = { phone: config?.support.phone ?? '', email: config?.support.email ?? '' };
  const Icon = outcome === 'success' ? CheckCircleOutline : ErrorOutline;
  return (
    <Box sx={{ textAlign: 'center' }}>
      <Icon color={outcome === 'success' ? 'success' : 'error'} sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h1" sx={{ my: 1 }}>
        {t(`request.${outcome}.heading`)}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t(`request.${outcome}.text`)}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t(`request.${outcome}.support`, support)}
      </Typography>
      <Button component={Link} to="/home" variant="contained">
        {t('request.back-home')}
      </Button>
    </Box>
  );
}
