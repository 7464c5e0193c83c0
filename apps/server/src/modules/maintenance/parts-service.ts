import type { FastifyRequest } from 'fastify';
import { and, asc, eq, gt } from 'drizzle-orm';
import { PartsCode, type EstesMapping, type PartQueryType } from '@fc/contract/maintenance';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { audit } from '../../audit/audit';
import { estesParts, parts } from '../../db/schema/index';
import { AppError, badRequest, conflict } from '../../http/errors';
import { isUniqueViolation } from '../../db/execute';

const mappingColumns = { partNo: estesParts.partNo, customPartNo: estesParts.customPartNo, description: parts.description };

/** The mapping of one part: by custom number (query_type estes) or by international number. */
export async function findMapping(db: Tx, partNo: string, queryType: PartQueryType) {
  return db
    .select(mappingColumns)
    .from(estesParts)
    .innerJoin(parts, eq(parts.partNo, estesParts.partNo))
    .where(queryType === 'estes' ? eq(estesParts.customPartNo, partNo) : eq(estesParts.partNo, partNo))
    .limit(1);
}

/**
 * Maps an international part number of the catalogue to a custom part number. The part must exist
 * (AEP07), the custom number must be free (AEP10) and the part must not have one already (AEP11).
 */
export async function createMapping(ctx: AppContext, req: FastifyRequest, input: EstesMapping) {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [part] = await tx.select({ partNo: parts.partNo }).from(parts).where(eq(parts.partNo, input.part_no)).limit(1);
      if (!part) throw badRequest(PartsCode.InvalidPart, `Part number ${input.part_no} is not in the parts catalogue.`, 'part_no');
      const [byCustom] = await tx.select().from(estesParts).where(eq(estesParts.customPartNo, input.custom_part_no)).limit(1);
      if (byCustom)
        throw conflict(
          PartsCode.DuplicateCustomPart,
          `Custom part number ${input.custom_part_no} is already mapped to ${byCustom.partNo}.`,
          'custom_part_no',
        );
      const [byPart] = await tx.select().from(estesParts).where(eq(estesParts.partNo, input.part_no)).limit(1);
      if (byPart)
        throw conflict(PartsCode.DuplicatePart, `Part number ${input.part_no} is already mapped to ${byPart.customPartNo}.`, 'part_no');
      const [row] = await tx
        .insert(estesParts)
        .values({ partNo: input.part_no, customPartNo: input.custom_part_no, createdBy: req.principal?.username ?? null })
        .returning();
      await audit(tx, req, {
        entity: 'estes_part',
        entityId: input.part_no,
        action: 'create',
        after: { part_no: row!.partNo, custom_part_no: row!.customPartNo },
      });
      return row!;
    });
  } catch (err) {
    // Two people adding at once: the constraints decide, with the same codes.
    if (isUniqueViolation(err, 'estes_parts_custom_part_no_key'))
      throw conflict(PartsCode.DuplicateCustomPart, `Custom part number ${input.custom_part_no} is already mapped.`, 'custom_part_no');
    if (isUniqueViolation(err, 'estes_parts_pkey'))
      throw conflict(PartsCode.DuplicatePart, `Part number ${input.part_no} is already mapped.`, 'part_no');
    throw err;
  }
}

/** Removes the mapping of both numbers; a pair that is not mapped is a 404. */
export async function removeMapping(ctx: AppContext, req: FastifyRequest, input: EstesMapping) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(estesParts)
      .where(and(eq(estesParts.partNo, input.part_no), eq(estesParts.customPartNo, input.custom_part_no)))
      .returning();
    if (!row) throw new AppError(404, 'not-found', `Part number ${input.part_no} is not mapped to ${input.custom_part_no}.`, 'part_no');
    await audit(tx, req, {
      entity: 'estes_part',
      entityId: input.part_no,
      action: 'remove',
      before: { part_no: row.partNo, custom_part_no: row.customPartNo },
    });
    return row;
  });
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
