/**
 * The one form of an item code (LOY-21: "a code shorter than 5 characters is padded with
 * leading zeros to 5"), for every path that reads or writes one: bundle item codes (form, add call, bulk
 * import, edit, delete) and purchases (the daily transactions file, the seeds, the engine's recount of
 * stored purchases). A purchase of "8" and a bundle code "8" are both "00008", so the Include and Exclude
 * rules of the loyalty engine match them (docs/decisions/0340).
 */

export const ITEM_CODE_LENGTH = 5;

/** Trimmed, upper-cased, and padded with leading zeros to 5 characters when shorter; empty stays empty. */
export function normaliseItemCode(raw: string): string {
  const v = raw.trim().toUpperCase();
  return v.length > 0 && v.length < ITEM_CODE_LENGTH ? v.padStart(ITEM_CODE_LENGTH, '0') : v;
}
