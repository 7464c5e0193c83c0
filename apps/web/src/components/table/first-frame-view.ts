import type { ComponentType } from 'react';
import type { TableState } from './table-state';

/**
 * A list page's first frame (decision 0640): what a page load of the list paints before MUI, the router and
 * the portal's layout have loaded, from the rows asked for at the start of main.tsx. `Page` is the page's
 * own content (heading, table, pagination) in plain HTML; app/first-frame draws the layout around it.
 */
export interface FirstFrameView {
  /** The page's texts. */
  namespace: string;
  /** Waits for the rows of an address's table state (the request main.tsx started, or a new one). */
  load(params: URLSearchParams): Promise<unknown>;
  Page: ComponentType<{ params: URLSearchParams; onChange(change: Partial<TableState>): void }>;
  /** The table's URL state options (its prefix and page size). */
  table: { prefix?: string; defaultSize?: number };
}
