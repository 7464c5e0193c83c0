/**
 * Characters of text input (decision 0320).
 *
 * PostgreSQL cannot store NUL in text, and a UTF-16 string holding half of a surrogate pair has no UTF-8
 * form: the server refuses both wherever input enters (query, path, JSON and form bodies, upload form
 * fields) with 400 `invalid-characters` naming the field. An uploaded file cannot carry either: its NUL
 * bytes are refused as binary and its bytes must be valid UTF-8, which has no surrogates.
 */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the text holds a character the database cannot store (NUL, a lone surrogate). */
export function hasUnstorableCharacter(text: string): boolean {
  return UNSTORABLE.test(text);
}

/**
 * Bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), the directional marks
 * (U+200E, U+200F, U+061C) and zero-width characters (U+200B-U+200D, U+2060-U+2064, U+FEFF): invisible,
 * they make a name look like another or reorder what a reader sees ("Trojan Source"). Names and
 * descriptions are stored without them.
 */
const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** The text without bidirectional controls and zero-width characters. */
export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/**
 * Field names whose values are names or descriptions, stripped of invisible characters on the way in
 * (`custName`, `company_name`, `description`, `programDesc`, ...); not usernames, e-mail addresses,
 * passwords or file names, which are identifiers or secrets checked on their own.
 */
export function isNameOrDescriptionField(key: string): boolean {
  return /name|desc|title/i.test(key) && !/user_?name|password|e_?mail|file_?name/i.test(key);
}
