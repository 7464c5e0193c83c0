import { z } from 'zod';
import { msg } from './msg';

export { msg, parseMsg } from './msg';

/** A required string of at most `max` characters (trimmed). */
export const requiredText = (max: number) =>
  z
    .string({ error: msg('required') })
    .trim()
    .min(1, { error: msg('required') })
    .max(max, { error: msg('maxLength', { max }) });

/** An optional string of at most `max` characters; an empty string counts as absent. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: msg('maxLength', { max }) })
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** YYYYMMDD, a real calendar date. */
export const yyyymmdd = z
  .string({ error: msg('required') })
  .regex(/^\d{8}$/, { error: msg('date-format', { format: 'YYYYMMDD' }) })
  .refine((v) => isRealDate(v), { error: msg('date-format', { format: 'YYYYMMDD' }) });

export function isRealDate(v: string): boolean {
  const y = Number(v.slice(0, 4));
  const m = Number(v.slice(4, 6));
  const d = Number(v.slice(6, 8));
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** MM/DD/YYYY as typed in a form, to YYYYMMDD as sent; undefined when not a real date. */
export function mmddyyyyToYyyymmdd(v: string): string | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v.trim());
  if (!m) return undefined;
  const out = `${m[3]}${m[1]}${m[2]}`;
  return isRealDate(out) ? out : undefined;
}

/** YYYYMMDD or an ISO date to MM/DD/YYYY for display. */
export function toMmddyyyy(v: string | null | undefined): string {
  if (!v) return '';
  const digits = v.replace(/-/g, '').slice(0, 8);
  if (!/^\d{8}$/.test(digits)) return '';
  return `${digits.slice(4, 6)}/${digits.slice(6, 8)}/${digits.slice(0, 4)}`;
}
