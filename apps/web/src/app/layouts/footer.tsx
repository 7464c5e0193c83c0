import { Box, Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/lib/session/app-config';
import { useQueryClient } from '@tanstack/react-query';
import { currentUserQuery, useCurrentUser } from '@/lib/session/current-user';
import { openPopup, uiLink } from '@/lib/links';

type LinkKey = 'dealer-manual' | 'customer-manual' | 'contact-us' | 'international-trucks' | 'dealer-locator';

/** Which programme links each account type sees (APP-07), and the popup each opens. */
const LINKS: { key: LinkKey; types: number[]; size: [number, number] }[] = [
  { key: 'dealer-manual', types: [1, 0], size: [600, 600] },
  { key: 'customer-manual', types: [2, 0], size: [600, 600] },
  { key: 'contact-us', types: [0, 1, 2], size: [300, 75] },
  { key: 'international-trucks', types: [0, 1, 2], size: [600, 600] },
  { key: 'dealer-locator', types: [0, 1, 2], size: [600, 600] },
];

/** The signed-in footer: support contacts and programme links by account type. */
export function SignedInFooter() {
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  const { data: user } = useCurrentUser();
  const type = user ? (user.workingAccountType ?? user.accountType) : -1;
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', px: 3, py: 2, bgcolor: 'grey.50' }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Typography variant="body2">
          {t('footer.support', {
            phone: config?.support.phone ?? '',
            email: config?.support.email ?? '',
            hours: config?.support.hours ?? '',
          })}
        </Typography>
        <Stack component="nav" aria-label={t('footer.programme-links')} direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {LINKS.filter((l) => l.types.includes(type)).map((l) => {
            const configured = config?.programLinks[l.key] ?? '#';
            // The portal's own pages (the manuals) under the prefix the user came in on.
            const href = configured.startsWith('/ui/') ? uiLink(configured, user, config) : configured;
            return (
              <Link
                key={l.key}
                href={href}
                variant="body2"
                onClick={(e) => {
                  if (href.startsWith('mailto:')) return;
                  e.preventDefault();
                  openPopup(href, l.size[0], l.size[1]);
                }}
              >
                {t(`footer.links.${l.key}`)}
              </Link>
            );
          })}
        </Stack>
      </Stack>
    </Box>
  );
}

/** The footer of public layouts: copyright, and a terms link where asked. */
export function CopyrightFooter({ terms = false, support = false }: { terms?: boolean; support?: boolean }) {
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  // The user as far as this page knows it (public pages do not ask the server for one).
  const user = useQueryClient().getQueryData(currentUserQuery.queryKey);
  const termsLink = uiLink(config?.termsConditions ?? '/ui/toc', user, config);
  return (
    <Box component="footer" sx={{ px: 3, py: 2, textAlign: 'center', bgcolor: 'grey.100' }}>
      {support && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('footer.support', {
            phone: config?.support.phone ?? '',
            email: config?.support.email ?? '',
            hours: config?.support.hours ?? '',
          })}
        </Typography>
      )}
      <Typography variant="body2">
        {t('footer.copyright', { year: new Date().getFullYear(), brand: config?.brandName ?? '' })}
        {terms && (
          <>
            {' · '}
            <Link href={termsLink}>{t('footer.terms')}</Link>
          </>
        )}
      </Typography>
    </Box>
  );
}
