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
 * How the page words what is inside a list or an object: each inner field by its name, a long list cut after
 * LIST_ITEMS with "and N more". Without it inner values are JSON (the server's CSV export keeps every item).
 */
export interface InnerWords {
  name(key: string): string;
  more(count: number): string;
  empty: string;
  /** "Name: value", as the page writes a field (the colon and its spacing differ in French). */
  field(name: string, value: string): string;
}

/** A lifecycle run can move hundreds of enrolments: the cell shows the first few, the export every one. */
export const LIST_ITEMS = 5;

function inner(key: string, v: unknown, text: ValueText, words: InnerWords): string {
  const own = text(key, v);
  if (own !== undefined) return own;
  if (Array.isArray(v)) {
    if (v.length === 0) return words.empty;
    const items = v.slice(0, LIST_ITEMS).map((item) => inner(key, item, text, words));
    if (v.length > LIST_ITEMS) items.push(words.more(v.length - LIST_ITEMS));
    // A list of records (moves, milestones, item codes): one record a line, which the page shows as a bullet.
    return v.some((item) => item && typeof item === 'object') ? items.map((item) => `\n${item}`).join('') : items.join(', ');
  }
  if (v && typeof v === 'object') {
    const fields = Object.entries(v as Record<string, unknown>).filter(([, value]) => value !== undefined);
    if (fields.length === 0) return words.empty;
    // Not a comma: French and Spanish amounts have a decimal comma ("Prix vérifié : 1,00 · Statut : Actif").
    return fields.map(([k, value]) => words.field(words.name(k), inner(k, value, text, words))).join(' · ');
  }
  return String(time(v));
}

/**
 * A value as the page shows it: worded for its field where `text` knows the field, times formatted, and the
 * same for every field inside a list or an object (a bundle's item codes keep their dateAdded), by name when
 * `words` are given.
 */
function show(key: string, v: unknown, text: ValueText, words?: InnerWords): string {
  if (v === undefined) return '';
  if (words) return inner(key, v, text, words);
  const own = text(key, v);
  if (own !== undefined) return own;
  if (typeof v === 'string') return String(time(v));
  return JSON.stringify(v, (innerKey: string, value: unknown) => (innerKey === '' ? value : (text(innerKey, value) ?? time(value))));
}

/** The fields a write changed: each key of before and after whose value differs (a create lists its values). */
export function diffOf(before: unknown, after: unknown, text: ValueText = asStored, words?: InnerWords): Change[] {
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
    .map((k) => ({ key: k, before: show(k, b[k], text, words), after: show(k, a[k], text, words) }));
}
