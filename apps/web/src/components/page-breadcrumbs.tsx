import { Breadcrumbs, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/lib/session/app-config';
import { useCurrentUser } from '@/lib/session/current-user';
import { welcomeLink } from '@/lib/session/welcome';

export interface Crumb {
  label: string;
  /** A router path (below the basename: /corp/loyalty?tab=bundles). */
  to: string;
}

/**
 * Where a detail page sits (issue 17): the welcome page, the pages above it, and the page itself (marked
 * aria-current="page"). Router links, so they stay under the prefix the user came in on.
 */
export function PageBreadcrumbs({ trail, current }: { trail: Crumb[]; current: string }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const { data: config } = useAppConfig();
  const home = user ? (welcomeLink(config, user)?.replace(/^(\/[a-z0-9-]+)?\/ui/, '') ?? '/home') : '/home';
  const crumbs: Crumb[] = [{ label: t('routes.welcome'), to: home }, ...trail];
  return (
    <Breadcrumbs aria-label={t('app.breadcrumb')} sx={{ mb: 1, '& ol': { flexWrap: 'wrap' } }}>
      {crumbs.map((c) => (
        <Link key={c.to} component={RouterLink} to={c.to} underline="hover" color="inherit">
          {c.label}
        </Link>
      ))}
      <Typography aria-current="page" sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>
        {current}
      </Typography>
    </Breadcrumbs>
  );
}
