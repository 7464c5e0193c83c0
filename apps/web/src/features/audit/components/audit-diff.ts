import { formatDateTime } from '@fc/contract';

export interface Change {
  key: string;
  before: string;
  after: string;
}

/**
 * The text of a stored value for its field (`key`), or undefined to show the value as stored. The page's
 * comes from audit-values.ts: a status by its translated name, a calendar day MM/dd/yyyy, an amount in the
 * reader's language.
 */
export type ValueText = (key: string, value: unknown) => string | undefined;

const asStored: ValueText = () => undefined;

/** A time as the server writes it (2026-11-26T15:31:06.010Z): shown as the specification's MM/dd/yyyy HH:mm:ss. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;

const time = (v: unknown) => (typeof v === 'string' && TIMESTAMP.test(v) ? formatDateTime(v) : v);

/**
 * A value as the page shows it: worded for its field where `text` knows the field, times formatted, and the
 * same for every field inside a list or an object (a bundle's item codes keep their dateAdded).
 */
function show(key: string, v: unknown, text: ValueText): string {
  if (v === undefined) return '';
  const own = text(key, v);
  if (own !== undefined) return own;
  if (typeof v === 'string') return String(time(v));
  return JSON.stringify(v, (inner: string, value: unknown) => (inner === '' ? value : (text(inner, value) ?? time(value))));
}

/** The fields a write changed: each key of before and after whose value differs (a create lists its values). */
export function diffOf(before: unknown, after: unknown, text: ValueText = asStored): Change[] {
  const b =
    before && typeof before === 'object'
      ? (before as Record<string, unknown>)
      : before === null || before === undefined
        ? {}
        : { value: before };
  const a =
    after && typeof after === 'object' ? (after as Record<string, unknown>) : after === null || after === undefined ? {} : { value: after };
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => ({ key: k, before: show(k, b[k], text), after: show(k, a[k], text) }));
}
