import { StrictMode, Suspense } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { queryClient } from '@/lib/query-client';
import { i18nReady } from '@/lib/i18n';
import { router } from '@/app/router';
import { theme } from '@/app/theme';

/** The portal: MUI, the data router and every page of the route table (main.tsx starts it). */
export function startSpa(root: Root) {
  void i18nReady.then(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <ThemeProvider theme={theme}>
            <CssBaseline />
            <Suspense fallback={null}>
              <RouterProvider router={router} />
            </Suspense>
          </ThemeProvider>
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}
