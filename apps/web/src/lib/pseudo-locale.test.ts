import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPseudoLocalized, pseudoCatalogue, pseudoLocalize } from '@fc/contract/pseudo-locale';

const localesDir = path.join(__dirname, '..', 'locales', 'en-us');
const catalogue = Object.fromEntries(
  fs
    .readdirSync(localesDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => [f, JSON.parse(fs.readFileSync(path.join(localesDir, f), 'utf8')) as unknown]),
);

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

/** What i18next and <Trans> read in a text, in order. */
const markup = (text: string) => text.match(/\{\{[^{}]*\}\}|\$t\((?:[^()]|\([^()]*\))*\)|<\/?[A-Za-z0-9]+[^<>]*>|&[#\w]+;/g) ?? [];

describe('the pseudo-locale generator', () => {
  it('accents, lengthens and brackets a text', () => {
    const out = pseudoLocalize('Search files');
    expect(out).toMatch(/^\[Š.*ƒ.*!!\]$/);
    expect(out).not.toMatch(/[A-Za-z]/);
    expect(isPseudoLocalized(out)).toBe(true);
    expect(isPseudoLocalized('Search files')).toBe(false);
  });

  it('keeps interpolations, formats, unescaped values and nesting intact', () => {
    const source = 'Hello {{name}}, {{count, number}} rows, {{- html}} and $t(common:app.brand) or $t(key, {"count": 2})';
    const out = pseudoLocalize(source);
    expect(markup(out)).toEqual(markup(source));
    expect(out).toContain('{{name}}');
    expect(out).toContain('{{count, number}}');
    expect(out).toContain('{{- html}}');
    expect(out).toContain('$t(common:app.brand)');
    expect(out).toContain('$t(key, {"count": 2})');
    expect(out).not.toContain('Hello');
  });

  it('keeps the tags of <Trans> and HTML, and entities, intact', () => {
    const source = 'Read <0>the terms</0> and <strong>sign</strong>:<br/>then <1 /> &nbsp; &#169; click <a href="x">here</a>';
    const out = pseudoLocalize(source);
    expect(markup(out)).toEqual(markup(source));
    expect(out).not.toMatch(/the terms|sign|here/);
  });

  it('leaves an empty text and an address alone', () => {
    expect(pseudoLocalize('')).toBe('');
    expect(pseudoLocalize('  ')).toBe('  ');
    expect(pseudoLocalize('https://www.fleetrite.com')).toBe('https://www.fleetrite.com');
    expect(pseudoLocalize('mailto:help@example.com')).toBe('mailto:help@example.com');
  });

  it('turns every namespace of the en-us catalogue, keys unchanged, markup intact, every letter accented', () => {
    for (const [file, source] of Object.entries(catalogue)) {
      const out = pseudoCatalogue(source);
      const before = texts(source);
      const after = texts(out);
      expect(after.length, file).toBe(before.length);
      expect(JSON.stringify(Object.keys(out as object)), file).toBe(JSON.stringify(Object.keys(source as object)));
      before.forEach((text, i) => {
        expect(markup(after[i]!), `${file}: ${text}`).toEqual(markup(text));
        if (/^(https?:|mailto:|\/)/.test(text.trim()) || !text.trim()) return;
        // No plain ASCII letter is left outside the markup: hard-coded English stands out beside it.
        expect(after[i]!.replace(/\{\{[^{}]*\}\}|\$t\([^)]*\)+|<[^<>]*>|&[#\w]+;/g, ''), `${file}: ${text}`).not.toMatch(/[A-Za-z]/);
      });
    }
  });

  it('makes the catalogue 30 to 40 % longer, as Spanish and French are', () => {
    const before = Object.values(catalogue).flatMap(texts);
    const after = Object.values(catalogue).flatMap((c) => texts(pseudoCatalogue(c)));
    const length = (list: string[]) => list.reduce((n, t) => n + [...t].length, 0);
    const ratio = length(after) / length(before);
    expect(ratio).toBeGreaterThanOrEqual(1.3);
    expect(ratio).toBeLessThanOrEqual(1.4);
    // Short labels (buttons, headers) too: the median label grows by a third or more.
    const growth = before
      .filter((t) => t.length > 0 && t.length <= 25)
      .map((t) => [...pseudoLocalize(t)].length / t.length)
      .sort((a, b) => a - b);
    expect(growth[Math.floor(growth.length / 2)]).toBeGreaterThanOrEqual(1.3);
  });
});
