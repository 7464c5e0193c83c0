import { TAX_CODE_MESSAGES } from '@fc/contract/maintenance';
import { ApiError } from '@/lib/api-client';

/**
 * The field each error of a tax call belongs to (document 2 section 8): the code's own field when it
 * has one (AET01/02 number, AET03 location, AET09 expiry, AET18 program), otherwise the field the
 * server named. Errors with no field of the form come back in `other`.
 */
export function taxFieldErrors<F extends string>(
  err: unknown,
  fields: readonly F[],
): { byField: Partial<Record<F, string>>; other: string[] } {
  const byField: Partial<Record<F, string>> = {};
  const other: string[] = [];
  if (!(err instanceof ApiError)) return { byField, other: ['network'] };
  for (const e of err.errors) {
    const pointer = (e.source?.pointer ?? e.source?.parameter ?? '').replace(/^\//, '').split('/').pop() ?? '';
    const field = (TAX_CODE_MESSAGES[e.code]?.field ?? pointer) as F;
    if (fields.includes(field)) byField[field] ??= e.code;
    else other.push(e.code);
  }
  return { byField, other };
}
