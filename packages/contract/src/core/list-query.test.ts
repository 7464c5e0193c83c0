import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, formatSort, listQueryParams, MAX_PAGE_SIZE } from './list-query';
import { listQuerySchema } from './list-query-schema';

const schema = listQuerySchema({
  sortFields: ['custNo', 'custName', 'city'],
  defaultSort: [{ field: 'custNo', direction: 'asc' }],
  filters: { status: z.coerce.number().int().min(0).max(2), state: z.string().max(2) },
});

const issuesOf = (input: Record<string, unknown>) => {
  const r = schema.safeParse(input);
  expect(r.success).toBe(false);
  return r.error!.issues;
};

describe('listQuerySchema', () => {
  it('has defaults: page 1, size 25, the default sort, no search, no filters', () => {
    expect(schema.parse({})).toEqual({
      page: { number: 1, size: DEFAULT_PAGE_SIZE },
      sort: [{ field: 'custNo', direction: 'asc' }],
      search: undefined,
      filters: {},
    });
  });

  it('reads page[number] and page[size] from query strings', () => {
    expect(schema.parse({ 'page[number]': '3', 'page[size]': '100' }).page).toEqual({ number: 3, size: 100 });
  });

  it('parses filter[sort] with several terms; direction defaults to asc', () => {
    expect(schema.parse({ 'filter[sort]': 'custName|desc,city' }).sort).toEqual([
      { field: 'custName', direction: 'desc' },
      { field: 'city', direction: 'asc' },
    ]);
    expect(schema.parse({ 'filter[sort]': ' city | desc ' }).sort).toEqual([{ field: 'city', direction: 'desc' }]);
  });

  it('an empty filter[sort] means the default sort', () => {
    expect(schema.parse({ 'filter[sort]': '' }).sort).toEqual([{ field: 'custNo', direction: 'asc' }]);
  });

  it.each(['password|asc', 'custNo|sideways', 'custNo|asc,nope', '|asc'])('refuses filter[sort]=%s with invalid-sort', (sort) => {
    const [issue] = issuesOf({ 'filter[sort]': sort });
    expect(issue!.message).toMatch(/^invalid-sort\|value=/);
    expect(issue!.path).toEqual(['filter[sort]']);
  });

  it('refuses an unknown filter key (and any unknown parameter)', () => {
    expect(issuesOf({ 'filter[color]': 'red' })[0]!.code).toBe('unrecognized_keys');
    expect(issuesOf({ page: '2' })[0]!.code).toBe('unrecognized_keys');
  });

  it(`refuses page[size] above ${MAX_PAGE_SIZE}, below 1, or not a whole number; page[number] below 1`, () => {
    expect(issuesOf({ 'page[size]': String(MAX_PAGE_SIZE + 1) })[0]!.path).toEqual(['page[size]']);
    issuesOf({ 'page[size]': '0' });
    issuesOf({ 'page[size]': '2.5' });
    issuesOf({ 'page[size]': 'ten' });
    issuesOf({ 'page[number]': '0' });
  });

  it("reads the list's own filters, dropping empty ones", () => {
    expect(schema.parse({ 'filter[status]': '1', 'filter[state]': '' }).filters).toEqual({ status: 1 });
    issuesOf({ 'filter[status]': '9' });
  });

  it('trims filter[search]; blank is no search; too long is refused', () => {
    expect(schema.parse({ 'filter[search]': '  acme ' }).search).toBe('acme');
    expect(schema.parse({ 'filter[search]': '   ' }).search).toBeUndefined();
    issuesOf({ 'filter[search]': 'x'.repeat(101) });
  });
});

describe('listQueryParams and formatSort', () => {
  it('writes what listQuerySchema reads', () => {
    const p = listQueryParams({
      page: 2,
      size: 50,
      sort: [{ field: 'city', direction: 'desc' }],
      search: 'a b',
      filters: { status: 1, state: '', x: null },
    });
    expect(p.toString()).toBe(
      'page%5Bnumber%5D=2&page%5Bsize%5D=50&filter%5Bsort%5D=city%7Cdesc&filter%5Bsearch%5D=a+b&filter%5Bstatus%5D=1',
    );
    const query: Record<string, string> = {};
    p.forEach((value, key) => (query[key] = value));
    expect(schema.parse(query)).toEqual({
      page: { number: 2, size: 50 },
      sort: [{ field: 'city', direction: 'desc' }],
      search: 'a b',
      filters: { status: 1 },
    });
  });

  it('count=exact asks for an exact meta.record_count (decision 0600), both ways; any other count is refused', () => {
    const p = listQueryParams({ page: 1, exactCount: true });
    expect(p.get('count')).toBe('exact');
    expect(schema.parse({ count: 'exact' }).exactCount).toBe(true);
    expect(schema.parse({}).exactCount).toBeUndefined();
    expect(listQueryParams({ page: 1 }).has('count')).toBe(false);
    expect(schema.safeParse({ count: 'estimate' }).success).toBe(false);
  });

  it('formats several sort terms', () => {
    expect(
      formatSort([
        { field: 'a', direction: 'asc' },
        { field: 'b', direction: 'desc' },
      ]),
    ).toBe('a|asc,b|desc');
  });
});
