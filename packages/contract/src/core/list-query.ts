import { todayYyyymmdd } from './format';

/** Page sizes a table offers (UI-01); the server accepts 1 to 100. */
export const PAGE_SIZE_OPTIONS = [5, 10, 15, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

export type SortDirection = 'asc' | 'desc';
export interface SortTerm<F extends string = string> {
  field: F;
  direction: SortDirection;
}

/** `field|asc,other|desc` as written in filter[sort]. */
export function formatSort(terms: readonly SortTerm[]): string {
  return terms.map((t) => `${t.field}|${t.direction}`).join(',');
}

export interface ListQuery<F extends string, X extends Record<string, unknown>> {
  page: { number: number; size: number };
  sort: SortTerm<F>[];
  search?: string;
  filters: X;
  /** `count=exact` was asked: no estimated record_count. */
  exactCount?: boolean;
  /** page[after]: the cursor of a `links.next` (keyset paging, decision 0620); opaque to clients. */
  cursor?: string;
}

/** Query string of a list request, as the web app sends it. */
export function listQueryParams(q: {
  page?: number;
  size?: number;
  sort?: readonly SortTerm[];
  search?: string;
  filters?: Record<string, string | number | undefined | null>;
  /** Ask for an exact meta.record_count (count=exact) where the server would estimate it. */
  exactCount?: boolean;
}): URLSearchParams {
  const p = new URLSearchParams();
  if (q.page) p.set('page[number]', String(q.page));
  if (q.size) p.set('page[size]', String(q.size));
  if (q.sort?.length) p.set('filter[sort]', formatSort(q.sort));
  if (q.search) p.set('filter[search]', q.search);
  for (const [k, v] of Object.entries(q.filters ?? {})) if (v !== undefined && v !== null && v !== '') p.set(`filter[${k}]`, String(v));
  if (q.exactCount) p.set('count', 'exact');
  return p;
}

/**
 * The file name of a grid's CSV export, the same on the server (Content-Disposition) and in the browser
 * (the saved file): `{prefix}_{YYYYMMDD}.csv`, the day the export ran.
 */
export function csvExportFileName(prefix: 'Customers' | 'AccountRequests' | 'TaxRates', now = new Date()): string {
  return `${prefix}_${todayYyyymmdd(now)}.csv`;
}

/** A tab badge shows counts up to this; above it, `99+` (UI-08). */
export const TAB_BADGE_MAX = 99;

/** The text of a tab's count badge: the count, or `99+` above 99. */
export function tabBadgeText(count: number): string {
  return count > TAB_BADGE_MAX ? `${TAB_BADGE_MAX}+` : String(Math.max(0, Math.trunc(count)));
}
