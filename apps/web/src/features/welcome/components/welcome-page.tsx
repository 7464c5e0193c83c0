import { Box, Card, CardActionArea, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatNumber, routeById } from '@fc/contract';
import { useCurrentUser } from '@/lib/session/current-user';
import { useMenuRoutes } from '@/lib/session/menu-routes';
import { useWelcomeFigures } from '../api/get-figures';
import { LoadError } from '@/components/load-error';

/**
 * The welcome page of each account type (APP-15): a dashboard of the screens this user may open,
 * with a few live figures, each leading to the screen it counts.
 */
export default function WelcomePage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const routes = useMenuRoutes();
  return (
    <>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('welcome.heading', { name: user?.fullName ?? '' })}
      </Typography>
      <Figures />
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {routes.length ? t('welcome.intro') : t('welcome.nothing')}
      </Typography>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {routes.map((r) => (
          <Grid key={r.id} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={Link} to={`/${r.path}`} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 0.5 }}>
                    {t(r.titleKey)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(`welcome.describe.${r.id}`)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}

function Figures() {
  const { t, i18n } = useTranslation();
  const figures = useWelcomeFigures();
  if (figures.isError)
    return (
      <Box sx={{ mb: 2 }}>
        <LoadError text={t('welcome.figures.unavailable')} onRetry={() => void figures.refetch()} />
      </Box>
    );
  if (figures.data?.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="welcome-figures" sx={{ mb: 3 }}>
      <Typography id="welcome-figures" variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('welcome.figures.heading')}
      </Typography>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-busy={figures.isPending}>
        {(figures.data ?? [null, null, null]).map((f, i) => (
          <Grid key={f?.id ?? i} size={{ xs: 6, sm: 4, lg: 2 }} component="li">
            {f ? (
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea
                  component={Link}
                  to={`/${routeById(f.routeId).path}`}
                  sx={{ height: '100%' }}
                  data-testid={`figure-${f.id}`}
                >
                  <CardContent>
                    <Typography component="p" sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.2 }}>
                      {formatNumber(f.value, i18n.language)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t(`welcome.figures.${f.id}`)}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            ) : (
              <Skeleton variant="rounded" height={88} aria-hidden="true" />
            )}
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
