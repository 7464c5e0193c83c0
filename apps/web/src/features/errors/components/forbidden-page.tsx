import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppConfig } from '@/lib/session/app-config';
import { useCurrentUser } from '@/lib/session/current-user';
import { welcomeLink } from '@/lib/session/welcome';

/** Access denied (APP-17): heading, access text, support contact; Back goes 2 steps; Home goes to the welcome page. */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: config } = useAppConfig();
  const { data: user } = useCurrentUser();
  const home = user ? (welcomeLink(config, user) ?? '/ui/home') : '/ui/home';
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('errors.forbidden-heading')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('errors.forbidden')}</Typography>
      <Typography sx={{ mb: 3 }}>
        {t('errors.contact-support', { phone: config?.support.phone ?? '', email: config?.support.email ?? '' })}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
        {window.history.length > 2 && <Button onClick={() => void navigate(-2)}>{t('actions.back')}</Button>}
        <Button variant="contained" onClick={() => window.location.assign(home)}>
          {t('actions.home')}
        </Button>
      </Stack>
    </Box>
  );
}
