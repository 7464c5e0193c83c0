import { startTransition, StrictMode, Suspense } from 'react';
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
 * first frame (`background`) it renders in a transition, in slices that leave the frame responsive, instead of
 * one long task (decision 0640).
 */
export function startSpa(root: Root, { background = false } = {}) {
  void i18nReady.then(() => {
    const render = (element: React.ReactNode) => (background ? startTransition(() => root.render(element)) : root.render(element));
    render(
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
  });
}
