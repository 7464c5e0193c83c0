import type { SQL } from 'drizzle-orm';
import type { Tx } from './client';

/**
 * The rows of a raw statement run through Drizzle: PGlite and node-postgres both answer `{ rows }`, which
 * Drizzle's type does not say. Dates and timestamps come as the driver's type parsers give them.
 */
export async function rowsOf<T>(db: Tx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * Whether a failed statement broke a unique constraint (PostgreSQL code 23505), on either driver and as
 * Drizzle wraps it (the driver's error is the `cause`); of `constraint` only, when one is named.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } } | undefined;
  return [e, e?.cause].some((c) => c?.code === '23505' && (constraint === undefined || (c.constraint ?? '') === constraint));
}
