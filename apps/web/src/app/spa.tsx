import { StrictMode, Suspense, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { i18nReady } from '@/lib/i18n';
import { yieldToBrowser } from '@/lib/idle';

/** Sets the query string of the current address through the router (a list's first frame, decision 0640). */
export function navigateSearch(search: string) {
  // Once the router exists it owns the address (it does not see replaceState); its module may still be on its
  // way. No pathname: the router's location includes the base path (/ui), which navigate() would add again
  // (/ui/ui/..., the 404 page).
  void import('@/app/router').then(({ router }) => router.navigate({ search }, { replace: true }));
}

/**
 * The portal: MUI, the data router and every page of the route table (main.tsx starts it). Behind a list's
 * first frame (decision 0640) nobody sees it render, so it renders as a transition: React yields to the
 * browser every few milliseconds, and the frame stays responsive to clicks and keys meanwhile. Its modules
 * are asked for together but run one group per task there (decision 0970): evaluated in one task, MUI, the
 * theme and the router were the page's longest task.
 */
export async function startSpa(root: Root, { behindFirstFrame = false } = {}) {
  const cssBaseline = import('@mui/material/CssBaseline');
  const theme = import('@/app/localized-theme');
  const reactRouter = import('react-router');
  const routerModule = import('@/app/router');
  const step = behindFirstFrame ? yieldToBrowser : () => Promise.resolve();
  const CssBaseline = (await cssBaseline).default;
  await step();
  const { LocalizedThemeProvider } = await theme;
  await step();
  const { RouterProvider } = await reactRouter;
  await step();
  const { router } = await routerModule;
  await step();
  await i18nReady;
  const render = () =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <LocalizedThemeProvider>
            <CssBaseline />
            <Suspense fallback={null}>
              <RouterProvider router={router} />
            </Suspense>
          </LocalizedThemeProvider>
        </QueryClientProvider>
      </StrictMode>,
    );
  if (behindFirstFrame) startTransition(render);
  else render();
}
