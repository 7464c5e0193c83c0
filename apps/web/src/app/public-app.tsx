import { startTransition, StrictMode, Suspense, useEffect } from 'react';
import type { Root } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import i18n, { commonTextsReady } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { appConfigQuery, useAppConfig } from '@/lib/session/app-config';
import type { PublicAppRoute, PublicFrameComponent, PublicPage } from './public-routes';
import { PublicTopAlert } from './public-top-alert';
import './layouts/public-frame.css';

/**
 * The texts each frame needs: the login pages' account frame needs no public-site texts, but the validation
 * messages of its form (the other pages have no form, lib/i18n.ts's i18nReady).
 */
const namespacesOf = (route: PublicAppRoute) => (route.layout === 'account' ? ['common', 'validation'] : ['common', 'public-site']);

/**
 * The light public app (see main.tsx): one page in its layout's frame (the home or bonus frame, or the
 * account frame of the login pages), the hidden authentication frame, the top alert and the document title.
 * main.tsx has started loading the page's code, its texts and the app configuration side by side; the first
 * render waits for all three so that nothing shifts once it is on screen.
 */
export async function startPublicApp(
  root: Root,
  route: PublicAppRoute,
  page: Promise<{ default: PublicPage }>,
  frame: Promise<{ default: PublicFrameComponent }>,
) {
  const [{ default: Page }, { default: Frame }] = await Promise.all([
    page,
    frame,
    commonTextsReady.then(() => i18n.loadNamespaces(namespacesOf(route))),
    queryClient.prefetchQuery(appConfigQuery),
  ]);
  // A transition renders in slices that yield to the browser, instead of one long task on a slow phone.
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={null}>
            <PublicApp route={route} Page={Page} Frame={Frame} />
          </Suspense>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

function PublicApp({ route, Page, Frame }: { route: PublicAppRoute; Page: PublicPage; Frame: PublicFrameComponent }) {
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  const title = t(route.titleKey);
  useEffect(() => {
    const brand = config?.brandName ?? 'Fleet Charge';
    document.title = title ? `${title} | ${brand}` : brand;
  }, [title, config]);
  return (
    <>
      {/* The app root's hidden frame used for authentication (APP-04), as in the portal's AppRoot. */}
      <iframe title={t('app.auth-frame')} src="/frame" hidden aria-hidden="true" tabIndex={-1} />
      <PublicTopAlert />
      <Frame layout={route.layout}>
        <Page params={route.params} />
      </Frame>
    </>
  );
}
