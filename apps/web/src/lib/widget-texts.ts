import { pseudoLocalize } from '@fc/contract/pseudo-locale';

/** lib/i18n's pseudo-locale code, written out: the theme imports this module, and needs no i18next. */
const PSEUDO_LANGUAGE = 'en-xa';

/** Every text of a locale pack, and every text its functions return ("1–25 of 100"), pseudo-localised. */
export function pseudoPack<T>(pack: T): T {
  if (typeof pack === 'string') return pseudoLocalize(pack) as T;
  if (typeof pack === 'function') {
    const fn = pack as (...args: unknown[]) => unknown;
    return ((...args: unknown[]) => {
      const out = fn(...args);
      return typeof out === 'string' ? pseudoLocalize(out) : out;
    }) as T;
  }
  if (Array.isArray(pack)) return pack.map((v: unknown) => pseudoPack(v)) as T;
  if (pack && typeof pack === 'object') {
    return Object.fromEntries(Object.entries(pack as Record<string, unknown>).map(([k, v]) => [k, pseudoPack(v)])) as T;
  }
  return pack;
}

/**
 * A widget's built-in texts by app language (issue 20): its es or fr pack, the en-us pack pseudo-localised in
 * the pseudo-locale (so that a text left untranslated shows up there like any other), en-us otherwise. The
 * same object for a language each time, so that a memoised grid or picker does not re-render for nothing.
 */
export function widgetTexts<T>(packs: Record<'en-us' | 'es' | 'fr', T>): (language: string) => T {
  let pseudo: T | undefined;
  return (language) => {
    if (language === PSEUDO_LANGUAGE) return (pseudo ??= pseudoPack(packs['en-us']));
    return language === 'es' || language === 'fr' ? packs[language] : packs['en-us'];
  };
}
