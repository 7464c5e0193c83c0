import { PartsCode, type EstesMapping, type PartQueryType } from '@fc/contract/maintenance';
import type { AppContext } from '../../../context';
import { audit, type Actor } from '../../../audit/audit';
import { AppError, badRequest, conflict } from '../../../http/errors';
import { isUniqueViolation } from '../../../db/execute';
import { allMappings, catalogueHas, deleteMapping, insertMapping, mappingByCustom, mappingByPart, mappingOf } from './repo';

/** The mapping of one part (PART-01): by custom number (query_type estes) or by international number. */
export function findMapping(ctx: AppContext, partNo: string, queryType: PartQueryType) {
  return mappingOf(ctx.db, partNo, queryType);
}

/**
 * Maps an international part number of the catalogue to a custom part number. The part must exist
 * (AEP07), the custom number must be free (AEP10) and the part must not have one already (AEP11).
 */
export async function createMapping(ctx: AppContext, actor: Actor, input: EstesMapping) {
  try {
    return await ctx.db.transaction(async (tx) => {
      if (!(await catalogueHas(tx, input.part_no)))
        throw badRequest(PartsCode.InvalidPart, `Part number ${input.part_no} is not in the parts catalogue.`, 'part_no');
      const byCustom = await mappingByCustom(tx, input.custom_part_no);
      if (byCustom)
        throw conflict(
          PartsCode.DuplicateCustomPart,
          `Custom part number ${input.custom_part_no} is already mapped to ${byCustom.partNo}.`,
          'custom_part_no',
        );
      const byPart = await mappingByPart(tx, input.part_no);
      if (byPart)
        throw conflict(PartsCode.DuplicatePart, `Part number ${input.part_no} is already mapped to ${byPart.customPartNo}.`, 'part_no');
      const row = await insertMapping(tx, input, actor.username);
      await audit(tx, actor, {
        entity: 'estes_part',
        entityId: input.part_no,
        action: 'create',
        after: { part_no: row.partNo, custom_part_no: row.customPartNo },
      });
      return row;
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
export async function removeMapping(ctx: AppContext, actor: Actor, input: EstesMapping) {
  return ctx.db.transaction(async (tx) => {
    const row = await deleteMapping(tx, input);
    if (!row) throw new AppError(404, 'not-found', `Part number ${input.part_no} is not mapped to ${input.custom_part_no}.`, 'part_no');
    await audit(tx, actor, {
      entity: 'estes_part',
      entityId: input.part_no,
      action: 'remove',
      before: { part_no: row.partNo, custom_part_no: row.customPartNo },
    });
    return row;
  });
}

/** The export's columns and its rows (PART-06): every mapping, in part-number order, read in batches. */
export const MAPPING_CSV_HEADER = ['part_no', 'custom_part_no', 'description'];
export const mappingRows = (ctx: AppContext) => allMappings(ctx.db);
