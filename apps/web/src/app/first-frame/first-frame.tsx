import { StrictMode, useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ROUTES, type RouteDef, type RouteId } from '@fc/contract';
import type { FirstFrameView } from '@/components/table/first-frame-view';
import { applyTableChange, type TableState } from '@/components/table/table-state';
import i18n, { i18nReady } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { appConfigQuery } from '@/lib/session/app-config';
import { currentUserQuery } from '@/lib/session/current-user';
import { FrameChrome } from './frame-chrome';
import '@/components/table/plain-table.css';
import './first-frame.css';

/** How the first frame changes the address once the portal's router has started (it then owns the URL). */
type Navigate = (search: string) => void;
let navigate: Navigate = (search) => window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}`);

/** Where the portal has painted its page: the list's rows, its grid, or another page it went to. */
const PORTAL_READY = 'main [data-light-table] table:not([aria-busy]), main .MuiDataGrid-root';
/** The portal takes the frame's place at the latest after this long, painted or not. */
const HAND_OVER_MS = 10_000;

function FirstFrame({ view, routeId }: { view: FirstFrameView; routeId: RouteId }) {
  const { t } = useTranslation();
  const [params, setParams] = useState(() => new URLSearchParams(window.location.search));
  const onChange = useCallback(
    (change: Partial<TableState>) =>
      setParams((prev) => {
        const next = applyTableChange(prev, change, view.table);
        const search = next.toString();
        navigate(search ? `?${search}` : '');
        return next;
      }),
    [view.table],
  );
  const titleKey = (ROUTES as readonly RouteDef[]).find((r) => r.id === routeId)?.titleKey;
  useEffect(() => {
    const brand = queryClient.getQueryData(appConfigQuery.queryKey)?.brandName ?? 'Fleet Charge';
    document.title = titleKey ? `${t(titleKey)} | ${brand}` : brand;
  }, [t, titleKey]);
  return (
    <FrameChrome>
      <view.Page params={params} onChange={onChange} />
    </FrameChrome>
  );
}

/** A key for a focused control that finds the same control in the portal's page (its tag and its name). */
const focusKey = (el: Element) => `${el.tagName}|${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}`;

/**
 * Paints a list page's first frame (decision 0640) above the portal's root, once the signed-in user, the app
 * configuration, the texts and the first page of rows are there; resolves to the hand-over, or to null when
 * there is nothing to paint (nobody signed in, the rows failed): the portal then shows the page as before.
 */
export async function showFirstFrame(routeId: RouteId, load: () => Promise<FirstFrameView>, portal: HTMLElement) {
  const host = document.createElement('div');
  host.id = 'first-frame';
  try {
    const [view, user] = await Promise.all([
      load(),
      queryClient.fetchQuery(currentUserQuery),
      queryClient.fetchQuery(appConfigQuery),
      i18nReady,
    ]);
    if (!user) return null;
    await Promise.all([i18n.loadNamespaces(['common', view.namespace]), view.load(new URLSearchParams(window.location.search))]);
    portal.replaceWith(host);
    const root = createRoot(host);
    flushSync(() =>
      root.render(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <FirstFrame view={view} routeId={routeId} />
          </QueryClientProvider>
        </StrictMode>,
      ),
    );
    // After the frame has painted: the portal's code is asked for from then on.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return {
      /**
       * The portal renders into its root, out of the document, and takes the frame's place once it has painted
       * its page (or HAND_OVER_MS later); focus in the frame moves to the same control in the portal's page.
       */
      handOver(portalNavigate: Navigate) {
        navigate = portalNavigate;
        const pathname = window.location.pathname;
        let done = false;
        const swap = () => {
          if (done) return;
          done = true;
          observer.disconnect();
          clearTimeout(timer);
          const focused = host.contains(document.activeElement) ? focusKey(document.activeElement!) : undefined;
          host.replaceWith(portal);
          root.unmount();
          if (focused) {
            const same = [...portal.querySelectorAll('a, button, select, input, [tabindex]')].find((el) => focusKey(el) === focused);
            (same as HTMLElement | undefined)?.focus({ preventScroll: true });
          }
        };
        const check = () => {
          if (window.location.pathname !== pathname || portal.querySelector(PORTAL_READY)) swap();
        };
        const observer = new MutationObserver(check);
        observer.observe(portal, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
        const timer = setTimeout(swap, HAND_OVER_MS);
        check();
      },
    };
  } catch {
    if (host.isConnected) host.replaceWith(portal);
    return null;
  }
}
