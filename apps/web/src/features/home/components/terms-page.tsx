import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/lib/session/app-config';

const SECTIONS = ['disclaimer', 'use', 'credentials', 'liability', 'copyright', 'law'] as const;

/**
 * Terms and conditions (APP-18): disclaimer, terms of use, ID and password, liability,
 * copyright and governing laws (US law and US courts), with the revision date.
 */
export default function TermsPage() {
  const { t } = useTranslation('public-site');
  const { data: config } = useAppConfig();
  const values = { brand: config?.brandName ?? '', phone: config?.support.phone ?? '', email: config?.support.email ?? '' };
  return (
    <Box component="article" sx={{ maxWidth: 760, mx: 'auto' }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {t('toc.title')}
      </Typography>
      {SECTIONS.map((s) => (
        <Box component="section" key={s} aria-labelledby={`toc-${s}`} sx={{ mb: 3 }}>
          <Typography id={`toc-${s}`} variant="h2" sx={{ mb: 1 }}>
            {t(`toc.${s}.title`)}
          </Typography>
          <Typography>{t(`toc.${s}.text`, values)}</Typography>
        </Box>
      ))}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('toc.revised')}
      </Typography>
    </Box>
  );
}
