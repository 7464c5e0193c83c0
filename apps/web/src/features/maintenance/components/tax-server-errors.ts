import type { JsonApiError } from '@fc/contract';
import { TAX_CODE_MESSAGES } from '@fc/contract/maintenance';
import { ApiError } from '@/lib/api-client';
import { errorField } from '@/lib/server-errors';

/**
 * The field of the form an error of a tax call belongs to (TAX-08): the code's own field when
 * it has one (AET01/02 number, AET03 location, AET09 expiry, AET18 program), otherwise the field the server
 * named; undefined when that is no field of the form.
 */
export function taxField<F extends string>(e: JsonApiError, fields: readonly F[]): F | undefined {
  const field = (TAX_CODE_MESSAGES[e.code]?.field ?? errorField(e)) as F;
  return fields.includes(field) ? field : undefined;
}

/** The errors of a tax call by field (`taxField`); errors with no field of the form come back in `other`. */
export function taxFieldErrors<F extends string>(
  err: unknown,
  fields: readonly F[],
): { byField: Partial<Record<F, string>>; other: string[] } {
  const byField: Partial<Record<F, string>> = {};
  const other: string[] = [];
  if (!(err instanceof ApiError)) return { byField, other: ['network'] };
  for (const e of err.errors) {
    const field = taxField(e, fields);
    if (field) byField[field] ??= e.code;
    else other.push(e.code);
  }
  return { byField, other };
}
