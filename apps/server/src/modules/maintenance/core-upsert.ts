import { and, eq, inArray, sql } from 'drizzle-orm';
import { coreFileTypeName, type CoreStatus } from '@fc/contract/maintenance';
import type { Tx } from '../../db/client';
import { coreParts } from '../../db/schema/index';
import type { InboundFile } from '../inbound-files/index';

export interface CoreCandidate {
  line: number;
  custNo: number;
  partNo: string;
  effectiveDate: string;
  expiryDate: string | null;
  status: CoreStatus;
  /** Price Verify: the price as given (null: blank), then the verified price to store. */
  price: string | null;
}

/** The values of a core row that an upload sets, as the audit record shows them. */
interface CoreValues {
  effective_date: string;
  expiry_date: string | null;
  status: string;
  price: string | null;
}

/** At most this many changed rows are listed, with before and after, in the audit record of one batch. */
export const CORE_AUDIT_ROWS = 50;

export interface CoreUpsertResult {
  changed: number;
  inserted: number;
  /** Changed rows by "cust_no part_no": the values before (null when the row is new) and after. */
  rows: { key: string; before: CoreValues | null; after: CoreValues }[];
}

/** The key and the values of a core row, read before an upload and answered by its upsert. */
const valueColumns = {
  custNo: coreParts.custNo,
  partNo: coreParts.partNo,
  effectiveDate: coreParts.effectiveDate,
  expiryDate: coreParts.expiryDate,
  status: coreParts.status,
  price: coreParts.price,
};

/**
 * Inserts or replaces rows of one file type; answers the rows that changed (an identical row is left
 * alone) with their values before and after. The rows the batch names are locked first, so the
 * values read as "before" are the ones the upsert replaces.
 */
export async function upsertCoreParts(tx: Tx, rows: readonly CoreCandidate[], fileType: number, seq: number): Promise<CoreUpsertResult> {
  const keyOf = (custNo: number, partNo: string) => `${custNo} ${partNo}`;
  const existing = await tx
    .select(valueColumns)
    .from(coreParts)
    .where(
      and(
        eq(coreParts.fileType, fileType),
        inArray(coreParts.custNo, [...new Set(rows.map((r) => r.custNo))]),
        inArray(coreParts.partNo, [...new Set(rows.map((r) => r.partNo))]),
      ),
    )
    .for('update');
  const beforeOf = new Map(
    existing.map((e) => [
      keyOf(e.custNo, e.partNo),
      { effective_date: e.effectiveDate, expiry_date: e.expiryDate, status: e.status, price: e.price },
    ]),
  );
  const changed = await tx
    .insert(coreParts)
    .values(
      rows.map((r) => ({
        custNo: r.custNo,
        partNo: r.partNo,
        effectiveDate: r.effectiveDate,
        expiryDate: r.expiryDate,
        status: r.status,
        price: r.price,
        fileType,
        sourceFileSeq: seq,
      })),
    )
    .onConflictDoUpdate({
      target: [coreParts.custNo, coreParts.partNo, coreParts.fileType],
      set: {
        effectiveDate: sql`excluded.effective_date`,
        expiryDate: sql`excluded.expiry_date`,
        status: sql`excluded.status`,
        price: sql`excluded.price`,
        sourceFileSeq: sql`excluded.source_file_seq`,
        updatedAt: sql`now()`,
      },
      // A re-run after a crash finds its own rows (same source file) and counts them as changed again.
      setWhere: sql`(${coreParts.effectiveDate}, ${coreParts.expiryDate}, ${coreParts.status}, ${coreParts.price}) is distinct from (excluded.effective_date, excluded.expiry_date, excluded.status, excluded.price) or ${coreParts.sourceFileSeq} = excluded.source_file_seq`,
    })
    .returning(valueColumns);
  const changedRows = changed.map((c) => {
    const key = keyOf(c.custNo, c.partNo);
    return {
      key,
      before: beforeOf.get(key) ?? null,
      after: { effective_date: c.effectiveDate, expiry_date: c.expiryDate, status: c.status, price: c.price },
    };
  });
  return { changed: changed.length, inserted: changedRows.filter((r) => r.before === null).length, rows: changedRows };
}

/**
 * The audit record of one applied batch: the uploader is the actor; after holds the counts and, like
 * before, the first CORE_AUDIT_ROWS changed rows keyed "cust_no part_no" (docs/decisions/0081).
 */
export function coreAuditEntry(file: InboundFile, fileType: number, applied: number, r: CoreUpsertResult) {
  const listed = r.rows.slice(0, CORE_AUDIT_ROWS);
  const before: Record<string, CoreValues> = {};
  const after: Record<string, unknown> = {
    file_seq: file.seq,
    file_name: file.fileName,
    file_type: coreFileTypeName(fileType),
    rows: applied,
    changed: r.changed,
    inserted: r.inserted,
    updated: r.changed - r.inserted,
    unlisted: r.rows.length - listed.length,
  };
  for (const row of listed) {
    if (row.before) before[row.key] = row.before;
    after[row.key] = row.after;
  }
  return { entity: 'core_parts', entityId: file.seq, action: 'upload', before, after };
}
