import type { RouteId } from '@fc/contract';

/**
 * The modules a page load of these routes imports before it can paint (decision 0990): a list's first frame
 * and its view (decision 0640), and the light app's pages and their frames (main.tsx). The build writes the
 * files of each route's modules, with what they import, into `route-preloads.json` (vite.config.ts), and the
 * server names them in that page's HTML, so that the browser fetches them beside the entry script instead
 * of once it has run. Tests check that `tablePrefetches` and `publicPages` import the same modules.
 */
export const PRELOADED_MODULES = {
  'customer-maintenance': ['src/app/first-frame/first-frame.tsx', 'src/features/customers/components/customer-first-frame.tsx'],
  home: ['src/features/home/components/home-page.tsx', 'src/app/layouts/public-frame.tsx'],
  'credit-back': ['src/features/home/components/credit-back-page.tsx', 'src/app/layouts/public-frame.tsx'],
  bonus: ['src/features/home/components/bonus-page.tsx', 'src/app/layouts/public-frame.tsx'],
  login: ['src/features/auth/components/public-login-page.tsx', 'src/app/layouts/account-frame.tsx'],
} as const satisfies Partial<Record<RouteId, readonly string[]>>;
