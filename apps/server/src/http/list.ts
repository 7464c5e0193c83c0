import { createHash } from 'node:crypto';
import { asc, desc, is, SQL, sql, type AnyColumn } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import type { SortTerm } from '@fc/contract';

/**
 * The direction of a list's tie-breaker (decision 0992): the last sort term's, so that a sort in one
 * direction is an index read forward or backward, with no sort of the rows within each value; ascending
 * when the list has no sort term.
 */
export const tieBreakerDirection = (sort: readonly SortTerm[]): 'asc' | 'desc' => sort.at(-1)?.direction ?? 'asc';

/**
 * ORDER BY terms for a list's filter[sort], with `tieBreaker` last (in the last term's direction) so that
 * paging is stable. The sort fields were checked against the list's schema, so every field has a column here.
 */
export function orderBy<F extends string>(
  sort: readonly SortTerm<F>[],
  columns: Record<F, AnyColumn | SQL>,
  tieBreaker: AnyColumn | SQL,
): SQL[] {
  const by = (direction: 'asc' | 'desc', column: AnyColumn | SQL) => (direction === 'desc' ? desc(column) : asc(column));
  const terms = sort.map((t) => by(t.direction, columns[t.field]));
  // A sort already on the tie-breaker is stable as it is (no `cust_no desc, cust_no desc`).
  return sort.some((t) => columns[t.field] === tieBreaker) ? terms : [...terms, by(tieBreakerDirection(sort), tieBreaker)];
}

/** `ILIKE '%text%'` with the user's text taken literally. */
export function contains(column: AnyColumn | SQL, text: string): SQL {
  return containsPattern(column, likePattern(text));
}

/** The `ILIKE` pattern of `contains`: the user's text taken literally, anywhere in the value. */
export const likePattern = (text: string) => '%' + escapeLike(text) + '%';

/** `contains` with its pattern given (a bound parameter or a placeholder of a prepared statement). */
export function containsPattern(column: AnyColumn | SQL, pattern: unknown): SQL {
  return sql`${column}::text ilike ${pattern}`;
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export const offsetOf = (page: { number: number; size: number }) => (page.number - 1) * page.size;

export interface PageOf {
  number: number;
  size: number;
}

/**
 * One page of a list, never past the last page (issue 17 item 5, docs/decisions/0344): a page[number]
 * beyond the last page is answered as the last page (page 1 of an empty list), so `meta.pagination`
 * always describes the rows sent (never "from 2451 to 10") and a link or a reload after rows were removed
 * still shows rows. `fetch` reads the rows and total of a page; when the requested page is past the end it
 * is read again for the last page (again, up to 3 times, if rows are removed meanwhile). Every paged list
 * goes through here and answers the page it used to sendList.
 */
export async function clampedPage<R, X extends object = object>(
  page: PageOf,
  fetch: (page: PageOf) => Promise<{ rows: R[]; total: number } & X>,
): Promise<{ rows: R[]; total: number; page: PageOf } & X> {
  let at = page;
  for (let attempt = 0; ; attempt++) {
    const got = await fetch(at);
    const last = lastPageOf(got.total, at.size);
    if (at.number <= last || attempt === 3) return { ...got, page: at };
    at = { number: last, size: at.size };
  }
}

/** The last page of `total` rows by pages of `size`: 1 for an empty list. */
export const lastPageOf = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/** The planner's estimate of the rows of `query` (EXPLAIN, no execution): PostgreSQL and PGlite alike. */
export async function plannedRows(db: Tx, query: SQL): Promise<number> {
  const res = (await db.execute(sql`explain (format json) ${query}`)) as unknown as { rows: Record<string, unknown>[] };
  const cell = Object.values(res.rows[0] ?? {})[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan?: { 'Plan Rows'?: number } }[];
  return Math.round(Number(plan[0]?.Plan?.['Plan Rows'] ?? 0));
}

/**
 * How long a list's estimate is reused (decision 0940): the planner's figure follows ANALYZE, which moves
 * it every few minutes at most, so asking again on every page of a busy list only added a statement per
 * request. Seconds old is as good an estimate as fresh; an exact count is never reused.
 */
export const ESTIMATE_REUSE_MS = 10_000;
/** Distinct filters remembered per database, oldest forgotten first (a search typed letter by letter makes many). */
const ESTIMATES_KEPT = 500;
const dialect = new PgDialect();
const estimates = new WeakMap<Tx, Map<string, { rows: number; until: number }>>();

/**
 * The statement a list's estimate plans: its SQL, or a key that names it (its shape and parameters) with a
 * function building it, so that a reused estimate costs no statement building (decision 0993).
 */
export type Matching = SQL | { key: string; sql: () => SQL };

/** plannedRows, reused for ESTIMATE_REUSE_MS per database and statement (its text and parameters, or its key). */
export async function recentPlannedRows(db: Tx, matching: Matching, now = Date.now()): Promise<number> {
  let kept = estimates.get(db);
  if (!kept) estimates.set(db, (kept = new Map()));
  let key: string;
  if (is(matching, SQL)) {
    const { sql: text, params } = dialect.sqlToQuery(matching);
    key = `${text}\u0000${JSON.stringify(params)}`;
  } else key = `\u0001${matching.key}`;
  const hit = kept.get(key);
  if (hit && hit.until > now) return hit.rows;
  const rows = await plannedRows(db, is(matching, SQL) ? matching : matching.sql());
  kept.delete(key);
  kept.set(key, { rows, until: now + ESTIMATE_REUSE_MS });
  if (kept.size > ESTIMATES_KEPT) kept.delete(kept.keys().next().value!);
  return rows;
}

export interface ListCount {
  total: number;
  /** `total` is an estimate (meta.record_count_estimated). */
  estimated: boolean;
}

/**
 * The count of a page of a list without counting the whole table on every page (issue 22, decision 0600).
 * Exact when asked (`count=exact`), and when the planner expects at most `max` rows (a narrow filter, a
 * small table): then `count` runs. Above that the planner's estimate is answered, flagged, and made
 * consistent with the page read: a page that is not full ends the list, so its end is the exact count; a
 * full page means at least one more row may follow; an empty page past the first is counted exactly (the
 * caller then answers the last page). `rows` is the page's row query, run alongside the estimate.
 */
export async function pageAndCount<R>(
  db: Tx,
  opts: {
    page: PageOf;
    exact?: boolean;
    max: number;
    /** SELECT of the list's matching rows (any columns), for the planner. */
    matching: Matching;
    rows: () => Promise<R[]>;
    count: () => Promise<number>;
  },
): Promise<{ rows: R[] } & ListCount> {
  if (opts.exact) {
    const [rows, total] = await Promise.all([opts.rows(), opts.count()]);
    return { rows, total, estimated: false };
  }
  const [rows, planned] = await Promise.all([opts.rows(), recentPlannedRows(db, opts.matching)]);
  const offset = offsetOf(opts.page);
  if (planned <= opts.max) return { rows, total: await opts.count(), estimated: false };
  if (rows.length < opts.page.size && (rows.length > 0 || opts.page.number === 1))
    return { rows, total: offset + rows.length, estimated: false };
  if (rows.length === 0) return { rows, total: await opts.count(), estimated: false };
  return { rows, total: Math.max(planned, offset + rows.length + (rows.length === opts.page.size ? 1 : 0)), estimated: true };
}

// ---------------------------------------------------------------- keyset paging (issue 22, decision 0620)

/** How a sort key is read back from a cursor: the PostgreSQL type its text is cast to, and its shape. */
const KEY_KINDS = {
  int: { cast: sql.raw('bigint'), valid: (v: string) => /^-?\d{1,18}$/.test(v) },
  text: { cast: sql.raw('text'), valid: (v: string) => v.length <= 1000 },
  timestamp: {
    cast: sql.raw('timestamptz'),
    valid: (v: string) => /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d(:\d\d)?|Z)?$/.test(v),
  },
  date: { cast: sql.raw('date'), valid: (v: string) => /^\d{4}-\d\d-\d\d$/.test(v) },
} as const;
export type KeyKind = keyof typeof KEY_KINDS;

/** A column a list can seek on: NOT NULL (a NULL key would drop rows from a row comparison), and its kind. */
export interface KeyColumn {
  expr: AnyColumn | SQL;
  kind: KeyKind;
}

interface KeyTerm extends KeyColumn {
  direction: 'asc' | 'desc';
}

/** The parts of a list query the cursor depends on: a cursor made for another sort, search or filter is ignored. */
export interface KeysetQuery<F extends string = string> {
  page: PageOf;
  sort: readonly SortTerm<F>[];
  search?: string;
  filters: object;
  /** page[after] of a `links.next`. */
  cursor?: string;
}

/** The cursor's body: the page it leads to, the page size, the query's fingerprint and the last row's sort key. */
interface CursorBody {
  p: number;
  z: number;
  f: string;
  k: string[];
}

/**
 * Keyset paging of a list (decision 0620): `links.next` carries `page[after]`, the sort key of the page's
 * last row (with the page number, size and a fingerprint of the sort, search and filters it was made for).
 * A request with a cursor that fits its page[number], page[size] and query reads its page by seeking
 * `(sort key) > (cursor)` on the sort's index instead of skipping `OFFSET` rows, so page 2,000 costs what
 * page 1 costs. Any other request (no cursor, a page typed by hand, a cursor of another query) is read
 * with OFFSET, as before: page[number] and page[size] keep their meaning.
 *
 * Only sorts whose every field is in `columns` (NOT NULL columns) seek; the tie-breaker ends every sort, in
 * the direction of its last term.
 * The list selects `select` (its key columns as text, `_k0`, `_k1`...), adds `seek` to its WHERE and
 * `offset` as its OFFSET, then gives its rows to `nextCursor` and `strip`.
 */
export function keyset<F extends string>(q: KeysetQuery<F>, spec: { columns: Partial<Record<F, KeyColumn>>; tieBreaker: KeyColumn }) {
  const terms: KeyTerm[] | null = q.sort.every((t) => spec.columns[t.field])
    ? [
        ...q.sort.map((t) => ({ ...spec.columns[t.field]!, direction: t.direction })),
        // The tie-breaker takes the last term's direction (orderBy); a sort already on it ends there.
        ...(q.sort.some((t) => spec.columns[t.field]!.expr === spec.tieBreaker.expr)
          ? []
          : [{ ...spec.tieBreaker, direction: tieBreakerDirection(q.sort) }]),
      ]
    : null;
  // The tie-breaker's direction is part of the fingerprint: a cursor made when it was always ascending
  // (before decision 0992) does not fit, and its page is read with OFFSET rather than sought from a key
  // that no longer ends the order it was taken from.
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([q.sort, q.search ?? '', Object.entries(q.filters).sort(), `tie:${tieBreakerDirection(q.sort)}`]))
    .digest('base64url')
    .slice(0, 12);
  const key = terms ? readCursor(q.cursor, { p: q.page.number, z: q.page.size, f: fingerprint }, terms) : null;
  const select: Record<string, SQL> = {};
  terms?.forEach((t, i) => (select[`_k${i}`] = sql<string>`(${t.expr})::text`));
  const cursorOf = (k: readonly unknown[]): string | undefined => {
    if (k.some((v) => typeof v !== 'string')) return undefined;
    const body: CursorBody = { p: q.page.number + 1, z: q.page.size, f: fingerprint, k: k as string[] };
    return Buffer.from(JSON.stringify(body)).toString('base64url');
  };
  return {
    select,
    /** The seek condition when the request's cursor fits it, else undefined (OFFSET paging). */
    seek: key && terms ? seekAfter(terms, key) : undefined,
    /** The cursor's key values when it fits (one per term), else null. */
    key,
    /** The seek condition with the key's values given as `value(i)` (placeholders of a prepared statement). */
    seekWith: (value: (i: number) => unknown) =>
      terms
        ? seekAfter(
            terms,
            terms.map((_, i) => value(i)),
          )
        : undefined,
    /** The cursor of the next page from a full page's last row's key values (`_k0`, `_k1`... in order). */
    cursorAfter: (rowCount: number, lastKeys: readonly unknown[] | undefined) =>
      terms && rowCount >= q.page.size && lastKeys ? cursorOf(lastKeys) : undefined,
    offset: key ? 0 : offsetOf(q.page),
    /** Whether this page was read by seeking. */
    seeking: key !== null,
    /** The cursor of the next page, from the last row of a full page (none for a sort that cannot seek). */
    nextCursor(rows: readonly Record<string, unknown>[]): string | undefined {
      if (!terms || rows.length < q.page.size) return undefined;
      const last = rows[rows.length - 1]!;
      return cursorOf(terms.map((_, i) => last[`_k${i}`]));
    },
    /** The rows without their key columns. */
    strip<R extends Record<string, unknown>>(rows: R[]): Omit<R, `_k${number}`>[] {
      return rows.map((r) => {
        const out: Record<string, unknown> = { ...r };
        for (const name of Object.keys(select)) delete out[name];
        return out as Omit<R, `_k${number}`>;
      });
    },
  };
}

/** The key values of a cursor made for this page, size and query; null for any other cursor or none. */
function readCursor(raw: string | undefined, expect: Omit<CursorBody, 'k'>, terms: KeyTerm[]): string[] | null {
  if (!raw) return null;
  let body: Partial<CursorBody>;
  try {
    body = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<CursorBody>;
  } catch {
    return null;
  }
  if (body.p !== expect.p || body.z !== expect.z || body.f !== expect.f || !Array.isArray(body.k) || body.k.length !== terms.length)
    return null;
  const k = body.k;
  return k.every((v, i) => typeof v === 'string' && KEY_KINDS[terms[i]!.kind].valid(v)) ? k : null;
}

/**
 * The rows after `key` in the order of `terms`: `t1 >= v1 and (t1 > v1 or (t1 = v1 and t2 > v2) ...)`
 * (`<` for a descending term). The leading `t1 >= v1` lets the planner start the index scan at the key.
 */
function seekAfter(terms: KeyTerm[], key: readonly unknown[]): SQL {
  const value = (i: number) => sql`${key[i]}::${KEY_KINDS[terms[i]!.kind].cast}`;
  const op = (t: KeyTerm, strict: boolean) => sql.raw(t.direction === 'desc' ? (strict ? '<' : '<=') : strict ? '>' : '>=');
  const ors = terms.map((t, i) => {
    const eqs = terms.slice(0, i).map((u, j) => sql`${u.expr} = ${value(j)}`);
    return sql.join([...eqs, sql`${t.expr} ${op(t, true)} ${value(i)}`], sql` and `);
  });
  return sql`(${terms[0]!.expr} ${op(terms[0]!, false)} ${value(0)} and (${sql.join(
    ors.map((o) => sql`(${o})`),
    sql` or `,
  )}))`;
}
