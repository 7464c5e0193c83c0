import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type SortTerm } from './list-query';

// Apart from list-query.ts, whose constants and query-string helpers a list's first frame loads without zod
// (decision 0950).

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
