import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AccountTypeSlug } from '@fc/contract';
import en from '@/locales/en-us/audit.json';
import es from '@/locales/es/audit.json';
import fr from '@/locales/fr/audit.json';

/** Every `entity: '...'` and `action: '...'` the server writes to the audit log (apps/server/src). */
function auditedNames(): { entities: Set<string>; actions: Set<string> } {
  const root = resolve(__dirname, '../../../../../server/src');
  const entities = new Set<string>();
  const actions = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) {
        const text = readFileSync(path, 'utf8');
        // A file that writes audit records, or one that builds the record another file writes (core-upsert.ts).
        if (!text.includes('audit(') && !/\bentity: '[a-z_]+'/.test(text)) continue;
        for (const m of text.matchAll(/\bentity: '([a-z_]+)'/g)) entities.add(m[1]!);
        for (const m of text.matchAll(/\baction: '([a-z-]+)'/g)) actions.add(m[1]!);
        // action: cond ? 'processed' : 'failed'
        for (const m of text.matchAll(/\baction: [^,\n]*\? '([a-z-]+)' : '([a-z-]+)'/g)) [m[1]!, m[2]!].forEach((a) => actions.add(a));
      }
    }
  };
  walk(root);
  return { entities, actions };
}

describe('audit history labels', () => {
  const { entities, actions } = auditedNames();

  it('finds the audited entities of the portal', () => {
    expect([...entities]).toEqual(expect.arrayContaining(['account_request', 'customer', 'cust_tax_rate', 'estes_part', 'core_parts']));
  });

  it.each([
    ['en-us', en],
    ['es', es],
    ['fr', fr],
  ] as const)('%s names every audited entity and action', (_lang, locale) => {
    expect([...entities].filter((e) => !(e in locale.entities))).toEqual([]);
    expect([...actions].filter((a) => !(a in locale.actions))).toEqual([]);
  });

  // The field names are looked up by the page, not read from the server: they only need to exist in every language.
  it.each([
    ['es', es],
    ['fr', fr],
  ] as const)('%s names every field en-us names', (_lang, locale) => {
    expect(Object.keys(locale.fields).sort()).toEqual(Object.keys(en.fields).sort());
    expect(Object.entries(locale.fields).filter(([, v]) => !v.trim())).toEqual([]);
  });

  /** The members of a string-literal union the server declares (`type CodePurpose = 'sign-in' | ...`). */
  const unionIn = (file: string, pattern: RegExp) => {
    const text = readFileSync(resolve(__dirname, '../../../../../server/src', file), 'utf8');
    const union = pattern.exec(text)?.[1] ?? '';
    return [...union.matchAll(/'([a-z-]+)'/g)].map((m) => m[1]!);
  };
  const coded = {
    'account-type': Object.values(AccountTypeSlug),
    purpose: unionIn('modules/auth/second-factor/verify.ts', /type CodePurpose = ([^;]+);/),
    'second-factor': unionIn('modules/auth/session-start.ts', /secondFactor\?: ([^;}]+)/),
  };

  it('finds the coded values of sign-in and second-factor records', () => {
    expect(coded.purpose).toEqual(expect.arrayContaining(['sign-in', 'step-up']));
    expect(coded['second-factor']).toEqual(['totp', 'recovery']);
  });

  it.each([
    ['en-us', en],
    ['es', es],
    ['fr', fr],
  ] as const)('%s words every account type, check purpose and second factor a record holds', (_lang, locale) => {
    for (const [list, values] of Object.entries(coded)) {
      const texts = (locale.values as Record<string, Record<string, string>>)[list] ?? {};
      expect(
        values.filter((v) => !texts[v]?.trim()),
        list,
      ).toEqual([]);
    }
  });
});
