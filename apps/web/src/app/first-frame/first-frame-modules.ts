import type { RouteId } from '@fc/contract';

/**
 * The list routes painted by a first frame (decision 0640), with the module of their view. The build writes
 * the files each frame loads into `route-preloads.json` (vite.config.ts), and the server names them in the
 * page's HTML, so that a page load fetches them beside the entry instead of after it (decision 0990).
 * `tablePrefetches` imports the same modules (a test checks that both agree).
 */
export const FIRST_FRAME_MODULES = {
  'customer-maintenance': 'src/features/customers/components/customer-first-frame.tsx',
} as const satisfies Partial<Record<RouteId, string>>;

/** The first frame's own module, loaded with every view (main.tsx). */
export const FIRST_FRAME_MODULE = 'src/app/first-frame/first-frame.tsx';
