/**
 * The pseudo-locale (decision 0430): the en-us catalogue with every letter accented, vowels lengthened and
 * each text bracketed, `Search files` → `[Šééàŕçĥ ƒîîļéš !!]`. A page shown in it shows at a glance the text
 * that does not come from the catalogue (hard-coded English stays plain) and the labels too narrow for a
 * longer language (the text is about a third longer, like French or Spanish). It is a development and test
 * tool: never offered to production users, never saved as a user's language; its code is en-xa (apps/web/src/lib/i18n.ts); the browser test that walks every page (e2e/tests/i18n-walk.spec.ts) reads it too.
 *
 * What i18next and React read in a text stays as it is: interpolations `{{name}}`, `{{- html}}`,
 * `{{count, number}}`, nesting `$t(key)` / `$t(key, {"a": 1})`, tags of <Trans> and HTML (`<0>`, `</1>`,
 * `<br/>`, `<strong>`), entities (`&nbsp;`), and a value that is an address (https://..., mailto:...).
 */

const ACCENTED: Record<string, string> = {
  a: 'à', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'î', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ö', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'û', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Å', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Î', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Û', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
}; // prettier-ignore

const VOWELS = new Set('aeiouAEIOU');

/** The parts of a text that i18next, <Trans> or the browser read: left exactly as they are. */
const PROTECTED = /(\{\{[^{}]*\}\}|\$t\((?:[^()]|\([^()]*\))*\)|<\/?[A-Za-z0-9]+(?:\s[^<>]*)?\s*\/?>|&(?:[A-Za-z]+|#\d+|#x[0-9A-Fa-f]+);)/;

const ADDRESS = /^(https?:\/\/|mailto:|tel:|\/)\S*$/;

/** Accents every ASCII letter and says every other vowel twice: about a fifth longer. */
function accent(text: string, state: { vowels: number }): string {
  let out = '';
  for (const ch of text) {
    const accented = ACCENTED[ch];
    if (!accented) {
      out += ch;
      continue;
    }
    out += accented;
    if (VOWELS.has(ch) && state.vowels++ % 2 === 0) out += accented;
  }
  return out;
}

/**
 * One text of the catalogue in the pseudo-locale: accented, lengthened and bracketed, its interpolations,
 * nesting and tags intact. An empty text stays empty; an address stays an address.
 */
export function pseudoLocalize(text: string): string {
  if (text.trim() === '' || ADDRESS.test(text.trim())) return text;
  const state = { vowels: 0 };
  const parts = text.split(PROTECTED);
  // split() with a capturing group: even indexes are text, odd ones the protected parts.
  const body = parts.map((part, i) => (i % 2 === 1 ? part : accent(part, state))).join('');
  const letters = text.replace(PROTECTED, '').replace(/[^A-Za-z]/g, '').length;
  // The rest of the lengthening: short labels grow most in real translations ("Save" → "Enregistrer").
  const pad = '!'.repeat(Math.min(6, Math.max(2, Math.round(letters * 0.12))));
  return `[${body} ${pad}]`;
}

type Catalogue = { [key: string]: unknown };

/** Every text of a namespace (nested objects and arrays included) in the pseudo-locale; keys unchanged. */
export function pseudoCatalogue<T>(catalogue: T): T {
  if (typeof catalogue === 'string') return pseudoLocalize(catalogue) as T;
  if (Array.isArray(catalogue)) return catalogue.map((v: unknown) => pseudoCatalogue(v)) as T;
  if (catalogue && typeof catalogue === 'object') {
    const out: Catalogue = {};
    for (const [k, v] of Object.entries(catalogue as Catalogue)) out[k] = pseudoCatalogue(v);
    return out as T;
  }
  return catalogue;
}

/** True when a text shown on a page is in the pseudo-locale: it holds an accented letter of the generator. */
const PSEUDO_LETTERS = new RegExp(`[${Object.values(ACCENTED).join('')}]`);
export function isPseudoLocalized(text: string): boolean {
  return PSEUDO_LETTERS.test(text);
}
