import '@/lib/zod-config';
import { createRoot } from 'react-dom/client';
import { formatNumber } from '@fc/contract';
import { initialLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { appConfigQuery } from '@/lib/session/app-config';
import { publicFrameOf, publicPages, publicRouteFor } from '@/app/public-routes';
import { prefetchTable, tablePrefetches, tablePrefetchRouteFor } from '@/app/table-prefetch';
import { whenInputOrQuiet } from '@/lib/idle';

/*
 * What every page needs (React, the first texts, the app configuration) starts loading at once. The public
 * pages (landing, credit-back, bonus, the login pages) are the first thing a phone on a slow network opens: they then start
 * as a small app of their own, without the router, MUI or any table or form library, their page's code
 * loading beside it. Every other address starts the full portal. Links between the two are page loads.
 */
void queryClient.prefetchQuery(appConfigQuery);
const publicTexts = import.meta.glob('./locales/*/public-site.json');
const rootElement = document.getElementById('root')!;
/** How long a first frame's page stays quiet before the portal loads without any input (decision 0970). */
const PORTAL_AFTER_QUIET_MS = 3000;
const root = createRoot(rootElement);

async function start() {
  const publicRoute = publicRouteFor(window.location.pathname);
  if (publicRoute) {
    const page = publicPages[publicRoute.id]();
    const frame = publicFrameOf(publicRoute);
    if (publicRoute.layout !== 'account') void publicTexts[`./locales/${initialLanguage()}/public-site.json`]?.();
    const { startPublicApp } = await import('@/app/public-app');
    await startPublicApp(root, publicRoute, page, frame);
    return;
  }
  // A list page's first rows (and the signed-in user its gate checks) are asked for now, beside the portal's
  // code, not once the router, the gate and the page have loaded one after the other.
  const tableRoute = tablePrefetchRouteFor(window.location.pathname);
  prefetchTable(tableRoute, new URLSearchParams(window.location.search), { withUser: true });
  // Such a list paints its first frame (the layout's chrome and the first rows, in plain HTML) before MUI and
  // the router have loaded; the portal then renders out of the document and takes its place (decision 0640).
  const firstFrame = tableRoute && tablePrefetches[tableRoute]?.firstFrame;
  // The page's frame is asked for beside the frame's own code, not once that code has run.
  const view = firstFrame?.();
  // The browser's first number format loads its locale data (a quarter of the frame's render on a slow
  // phone): done while the rows are on their way, the frame's render no longer includes it.
  if (view) setTimeout(() => formatNumber(0, initialLanguage()), 0);
  const frame = view
    ? await import('@/app/first-frame/first-frame').then((m) => m.showFirstFrame(tableRoute!, () => view, rootElement))
    : null;
  // The frame is the page until the user starts using it or the load has settled: the portal's code and
  // mount (hundreds of milliseconds of main thread on a phone) would otherwise run during the load.
  if (frame) await whenInputOrQuiet(PORTAL_AFTER_QUIET_MS);
  const { startSpa, navigateSearch } = await import('@/app/spa');
  void startSpa(root, { behindFirstFrame: frame !== null });
  frame?.handOver(navigateSearch);
}

// public/browser-check.js found a browser the portal does not support, and shows the page saying so.
if (!document.documentElement.hasAttribute('data-unsupported')) void start();
