import { StrictMode, Suspense, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { CssBaseline } from '@mui/material';
import { queryClient } from '@/lib/query-client';
import { i18nReady } from '@/lib/i18n';
import { router } from '@/app/router';
import { LocalizedThemeProvider } from '@/app/localized-theme';

/** Sets the query string of the current address through the router (a list's first frame, decision 0640). */
export function navigateSearch(search: string) {
  void router.navigate({ pathname: router.state.location.pathname, search }, { replace: true });
}

/**
 * The portal: MUI, the data router and every page of the route table (main.tsx starts it). Behind a list's
 * first frame (decision 0640) nobody sees it render, so it renders as a transition: React yields to the
 * browser every few milliseconds, and the frame stays responsive to clicks and keys meanwhile.
 */
export function startSpa(root: Root, { behindFirstFrame = false } = {}) {
  void i18nReady.then(() => {
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
  });
}
