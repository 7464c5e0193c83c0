import { describe, expect, it } from 'vitest';

/**
 * Every text exists in en-us, es and fr (I18N-01: en-us is the default and the fallback, so a
 * text missing in es or fr would silently show in English), with the same {{placeholders}} (a dropped
 * {{brand}}, {{phone}} or {{hours}} would hide a fact that comes from the configuration).
 */
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

type Flat = Map<string, string>;

function flatten(value: unknown, prefix = '', out: Flat = new Map()): Flat {
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, String(value));
  }
  return out;
}

const byLanguage = (lng: string) =>
  Object.fromEntries(
    Object.entries(files)
      .filter(([file]) => file.startsWith(`../locales/${lng}/`))
      .map(([file, json]) => [
        file
          .split('/')
          .pop()!
          .replace(/\.json$/, ''),
        flatten(json),
      ]),
  );

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.-]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

const en = byLanguage('en-us');
const namespaces = Object.keys(en).sort();

describe('translations in es and fr', () => {
  it('finds the namespaces, the public site among them', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'public-site', 'validation']));
  });

  describe.each(['es', 'fr'])('%s', (lng) => {
    const other = byLanguage(lng);

    it('has the same namespaces as en-us', () => {
      expect(Object.keys(other).sort()).toEqual(namespaces);
    });

    it.each(namespaces)('%s: the same keys as en-us, none empty', (ns) => {
      const theirs = other[ns] ?? new Map<string, string>();
      expect(
        [...en[ns]!.keys()].filter((k) => !theirs.has(k)),
        'missing',
      ).toEqual([]);
      expect(
        [...theirs.keys()].filter((k) => !en[ns]!.has(k)),
        'not in en-us',
      ).toEqual([]);
      expect(
        [...theirs].filter(([k, v]) => v.trim() === '' && en[ns]!.get(k)?.trim() !== '').map(([k]) => k),
        'empty',
      ).toEqual([]);
    });

    it.each(namespaces)('%s: the same {{placeholders}} as en-us', (ns) => {
      const theirs = other[ns] ?? new Map<string, string>();
      const differ = [...en[ns]!]
        .filter(([k]) => theirs.has(k))
        .filter(([k, v]) => placeholders(v).join() !== placeholders(theirs.get(k)!).join())
        .map(([k, v]) => `${k}: ${placeholders(v).join()} / ${placeholders(theirs.get(k)!).join()}`);
      expect(differ).toEqual([]);
    });
  });
});

/**
 * One word for one thing in each language (issue 17): Spanish says "fidelidad" for loyalty everywhere,
 * never "lealtad"; English says "Maintenance price level" (the specification's name, PREQ-01), never "All-makes".
 */
describe('one word for one thing', () => {
  const texts = (lng: string) => Object.values(byLanguage(lng)).flatMap((m) => [...m.values()]);
  it('es: loyalty is "fidelidad"', () => {
    expect(texts('es').filter((t) => /lealtad/i.test(t))).toEqual([]);
    expect(texts('es').filter((t) => /fidelidad/i.test(t)).length).toBeGreaterThan(5);
  });
  it('en-us: the all_makes price level is the "Maintenance price level"', () => {
    expect(texts('en-us').filter((t) => /all-makes|all makes/i.test(t))).toEqual([]);
    expect(texts('en-us').filter((t) => t.includes('Maintenance price level')).length).toBe(2);
  });
});

/**
 * Typography: an apostrophe inside a word is the typographic one (’) in every language, as most texts already
 * had it, so that a menu ("Historique d’audit") and its page's heading read the same.
 */
describe('apostrophes', () => {
  it.each(['en-us', 'es', 'fr'])('%s: no straight apostrophe inside a word', (lng) => {
    const straight = Object.entries(byLanguage(lng)).flatMap(([ns, m]) =>
      [...m].filter(([, v]) => /\p{L}'\p{L}/u.test(v)).map(([k, v]) => `${ns}:${k}: ${v}`),
    );
    expect(straight).toEqual([]);
  });
});
