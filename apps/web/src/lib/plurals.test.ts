import { describe, expect, it } from 'vitest';

/**
 * Plurals through i18next (issue 20): a text that puts a count beside a noun has its plural forms (_one,
 * _many, _other: French and Spanish say "1 000 000 d’unités", "1.000.000 de unidades"), chosen by `count`,
 * so no page reads "1 power units" or "1 rows". Position texts ("3 of 12") need no plural.
 */
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

function flatten(value: unknown, prefix = '', out = new Map<string, string>()) {
  if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  else out.set(prefix, String(value));
  return out;
}

const texts = new Map<string, string>();
for (const [file, json] of Object.entries(files)) {
  const [, lng, ns] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
  for (const [k, v] of flatten(json)) texts.set(`${lng}/${ns}:${k}`, v);
}

/** "{{index}} of {{count}}": a position, not a quantity of something. */
const POSITIONS = new Set([
  'common:table.displayed-rows',
  'common:table.displayed-rows-about',
  'public-site:home.hero.slide',
  'public-site:home.roles.progress',
  'public-site:home.roles.slide',
]);
const PLURAL = /_(zero|one|two|few|many|other)$/;

describe('plural forms in the catalogues', () => {
  it('finds the catalogues', () => {
    expect(texts.size).toBeGreaterThan(500);
  });

  it('a count beside a noun is count-aware: every {{count}} text has plural forms', () => {
    const bare = [...texts]
      .filter(([, v]) => /\{\{\s*count\b/.test(v))
      .map(([k]) => k)
      .filter((k) => !PLURAL.test(k) && !POSITIONS.has(k.slice(k.indexOf('/') + 1)));
    expect(bare).toEqual([]);
  });

  it('every plural key has its _one, _many and _other forms in en-us, es and fr', () => {
    const stems = new Set([...texts.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(/^[^/]+\//, '').replace(PLURAL, '')));
    const missing: string[] = [];
    for (const stem of stems)
      for (const lng of ['en-us', 'es', 'fr'])
        for (const form of ['one', 'many', 'other']) if (!texts.has(`${lng}/${stem}_${form}`)) missing.push(`${lng}/${stem}_${form}`);
    expect(missing).toEqual([]);
  });

  it('no "(s)" plural and no "au États-Unis" in any language', () => {
    expect([...texts].filter(([, v]) => /\w\(s\)|\(e?s\)\b|au États-Unis|en los Estados Unidos de/.test(v)).map(([k]) => k)).toEqual([]);
  });
});
