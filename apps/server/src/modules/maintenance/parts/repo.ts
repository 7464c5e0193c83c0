import { and, asc, eq, gt } from 'drizzle-orm';
import type { EstesMapping, PartQueryType } from '@fc/contract/maintenance';
import type { Tx } from '../../../db/client';
import { estesParts, parts } from '../../../db/schema/index';

const mappingColumns = { partNo: estesParts.partNo, customPartNo: estesParts.customPartNo, description: parts.description };

/** The mapping of one part: by custom number (query_type estes) or by international number. */
export async function mappingOf(db: Tx, partNo: string, queryType: PartQueryType) {
  return db
    .select(mappingColumns)
    .from(estesParts)
    .innerJoin(parts, eq(parts.partNo, estesParts.partNo))
    .where(queryType === 'estes' ? eq(estesParts.customPartNo, partNo) : eq(estesParts.partNo, partNo))
    .limit(1);
}

/** The catalogue's part of that number, if any. */
export async function catalogueHas(tx: Tx, partNo: string) {
  const [part] = await tx.select({ partNo: parts.partNo }).from(parts).where(eq(parts.partNo, partNo)).limit(1);
  return !!part;
}

export async function mappingByCustom(tx: Tx, customPartNo: string) {
  const [row] = await tx.select().from(estesParts).where(eq(estesParts.customPartNo, customPartNo)).limit(1);
  return row;
}

export async function mappingByPart(tx: Tx, partNo: string) {
  const [row] = await tx.select().from(estesParts).where(eq(estesParts.partNo, partNo)).limit(1);
  return row;
}

export async function insertMapping(tx: Tx, input: EstesMapping, createdBy: string | null) {
  const [row] = await tx.insert(estesParts).values({ partNo: input.part_no, customPartNo: input.custom_part_no, createdBy }).returning();
  return row!;
}

/** Deletes the mapping of both numbers; undefined when that pair is not mapped. */
export async function deleteMapping(tx: Tx, input: EstesMapping) {
  const [row] = await tx
    .delete(estesParts)
    .where(and(eq(estesParts.partNo, input.part_no), eq(estesParts.customPartNo, input.custom_part_no)))
    .returning();
  return row;
}

/** Every mapping in part-number order, read in batches so that an export of any size holds one batch. */
export async function* allMappings(db: Tx, batchSize = 1000): AsyncGenerator<readonly unknown[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select(mappingColumns)
      .from(estesParts)
      .innerJoin(parts, eq(parts.partNo, estesParts.partNo))
      .where(after === undefined ? undefined : gt(estesParts.partNo, after))
      .orderBy(asc(estesParts.partNo))
      .limit(batchSize);
    for (const r of rows) yield [r.partNo, r.customPartNo, r.description];
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.partNo;
  }
}
