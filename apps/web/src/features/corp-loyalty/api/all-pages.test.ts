import { describe, expect, it } from 'vitest';
import { allPages } from './all-pages';

/** A list of `total` rows answered a page at a time, recording each query. */
function fakeList(total: number) {
  const queries: URLSearchParams[] = [];
  const getPage = async (query: URLSearchParams) => {
    queries.push(query);
    const size = Number(query.get('page[size]'));
    const from = (Number(query.get('page[number]')) - 1) * size;
    const rows = Array.from({ length: Math.max(0, Math.min(size, total - from)) }, (_, i) => from + i + 1);
    return Promise.resolve({ rows, total });
  };
  return { queries, getPage };
}

describe('allPages (the options of the enrolment and template forms)', () => {
  const q = { sort: [{ field: 'loyalty_program_name', direction: 'asc' as const }], filters: { loyalty_program_status: 'Active' } };

  it('reads past the first 100 rows: 160 active templates are all offered', async () => {
    const list = fakeList(160);
    const res = await allPages(list.getPage, q);
    expect(res.rows).toHaveLength(160);
    expect(res.rows.at(-1)).toBe(160);
    expect(list.queries.map((p) => p.get('page[number]'))).toEqual(['1', '2']);
    expect(list.queries.every((p) => p.get('page[size]') === '100')).toBe(true);
    expect(list.queries[1]!.get('filter[sort]')).toBe('loyalty_program_name|asc');
    expect(list.queries[1]!.get('filter[loyalty_program_status]')).toBe('Active');
  });

  it('asks once for a short list, and once more only when a full page may have a successor', async () => {
    const short = fakeList(3);
    expect((await allPages(short.getPage, q)).rows).toEqual([1, 2, 3]);
    expect(short.queries).toHaveLength(1);
    const exact = fakeList(100);
    expect((await allPages(exact.getPage, q)).rows).toHaveLength(100);
    expect(exact.queries).toHaveLength(1);
    const none = fakeList(0);
    expect(await allPages(none.getPage, q)).toEqual({ rows: [], total: 0 });
  });
});
