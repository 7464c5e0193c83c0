import { formatDateTime } from '@fc/contract';

export interface Change {
  key: string;
  before: string;
  after: string;
}

/** A time as the server writes it (2026-11-26T15:31:06.010Z): shown as the specification's MM/dd/yyyy HH:mm:ss. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;

const time = (v: unknown) => (typeof v === 'string' && TIMESTAMP.test(v) ? formatDateTime(v) : v);

/** A value as the page shows it: times anywhere inside it (a bundle's item codes keep their dateAdded) formatted too. */
const show = (v: unknown) =>
  v === undefined ? '' : typeof v === 'string' ? String(time(v)) : JSON.stringify(v, (_key, inner: unknown) => time(inner));

/** The fields a write changed: each key of before and after whose value differs (a create lists its values). */
export function diffOf(before: unknown, after: unknown): Change[] {
  const b =
    before && typeof before === 'object'
      ? (before as Record<string, unknown>)
      : before === null || before === undefined
        ? {}
        : { value: before };
  const a =
    after && typeof after === 'object' ? (after as Record<string, unknown>) : after === null || after === undefined ? {} : { value: after };
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k])).map((k) => ({ key: k, before: show(b[k]), after: show(a[k]) }));
}
