import { z } from 'zod';
import { todayYyyymmdd } from './validation';

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

/**
 * The query schema of a paged list: page[number], page[size], filter[sort] over the given fields,
 * filter[search], and the list's own filter[...] names. Any other parameter is a 400, not ignored.
 */
export function listQuerySchema<F extends string, X extends z.ZodRawShape = Record<never, never>>(options: {
  sortFields: readonly [F, ...F[]];
  defaultSort: readonly SortTerm<F>[];
  filters?: X;
  searchMax?: number;
}) {
  const filterShape: Record<string, z.ZodType> = {};
  for (const [name, schema] of Object.entries(options.filters ?? {})) filterShape[`filter[${name}]`] = (schema as z.ZodType).optional();
  const sortField = z.enum(options.sortFields as unknown as [F, ...F[]]);
  return z
    .strictObject({
      'page[number]': z.coerce.number().int().min(1).max(1_000_000).default(1),
      'page[size]': z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
      'filter[sort]': z
        .string()
        .max(500)
        .optional()
        .transform((raw, ctx) => {
          if (!raw) return [...options.defaultSort];
          const terms: SortTerm<F>[] = [];
          for (const part of raw.split(',')) {
            const [field, direction = 'asc'] = part.split('|').map((s) => s.trim());
            const f = sortField.safeParse(field);
            if (!f.success || (direction !== 'asc' && direction !== 'desc')) {
              ctx.addIssue({ code: 'custom', message: `invalid-sort|value=${part}` });
              return z.NEVER;
            }
            terms.push({ field: f.data, direction });
          }
          return terms;
        }),
      'filter[search]': z
        .string()
        .max(options.searchMax ?? 100)
        .optional(),
      // `count=exact`: meta.record_count counted exactly even on a wide list of a large table, where the
      // server would otherwise answer an estimate flagged meta.record_count_estimated (decision 0600).
      count: z
        .enum(['exact'])
        .optional()
        .describe(
          'exact: meta.record_count counted exactly (otherwise a wide list of a large table answers the planner estimate, flagged meta.record_count_estimated)',
        ),
      // page[after]: the cursor the server puts in `links.next` so that the next page is read by seeking its
      // sort key on an index rather than skipping rows (decision 0620). Opaque; page[number] still names the
      // page, and a cursor that does not fit the request is ignored.
      'page[after]': z
        .string()
        .max(2000)
        .optional()
        .describe(
          'The cursor of links.next (opaque): the page named by page[number] read by seeking the sort key of the previous page; ignored when it does not fit the request',
        ),
      ...filterShape,
    })
    .transform((q) => {
      const filters: Record<string, unknown> = {};
      for (const name of Object.keys(options.filters ?? {})) {
        const v = (q as Record<string, unknown>)[`filter[${name}]`];
        if (v !== undefined && v !== '') filters[name] = v;
      }
      const search = q['filter[search]']?.trim();
      return {
        page: { number: q['page[number]'], size: q['page[size]'] },
        sort: q['filter[sort]'] as SortTerm<F>[],
        search: search ? search : undefined,
        filters: filters as { [K in keyof X]?: z.output<X[K]> },
        ...(q.count === 'exact' ? { exactCount: true as const } : {}),
        ...(q['page[after]'] ? { cursor: q['page[after]'] } : {}),
      };
    });
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
