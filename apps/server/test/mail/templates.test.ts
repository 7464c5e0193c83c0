import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@fc/contract';
import { rowMessageText, type RowMessage } from '@fc/contract/files';
import { CATALOGUES } from '../../src/mail/catalogue';
import { MAIL_SAMPLES } from '../../src/mail/samples';
import { catalogueText, renderMail, TEMPLATE_NAMES, TEMPLATES } from '../../src/mail/templates';

/**
 * Every e-mail template renders in every language (issue 20, decision 0420): no text missing (the templates
 * run in Handlebars' strict mode, so a missing value or text throws), every translatable text translated
 * (no es or fr text equal to the en-us one), the values escaped in the HTML part, plurals by language.
 */
const common = {
  brand: 'Fleetrite Fleet Charge',
  publicUrl: 'http://localhost:3000',
  support: { phone: '1-800-555-0199', email: 'fleetcharge@example.com', hours: '8:00 am - 5:00 pm CST' },
};

/** Every leaf of a catalogue as key → text. */
function leaves(node: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}

/** Texts that are the same in a language as in English on purpose. */
const SAME_ON_PURPOSE: Partial<Record<Language, string[]>> = { es: ['coreReport.colon'] };

describe('e-mail catalogue', () => {
  const en = leaves(CATALOGUES['en-us']);

  it.each(['es', 'fr'] as const)('%s has exactly the keys of en-us, each translated, with the same placeholders', (language) => {
    const other = leaves(CATALOGUES[language]);
    expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
    const untranslated = [...en].filter(([k, text]) => other.get(k) === text && !SAME_ON_PURPOSE[language]?.includes(k)).map(([k]) => k);
    expect(untranslated).toEqual([]);
    const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [k, text] of en) expect(placeholders(other.get(k)!), `${language} ${k}`).toEqual(placeholders(text));
  });

  it('picks the plural form of the language', () => {
    expect(catalogueText('en-us', 'coreReport.more', 1)).toMatch(/more problem in/);
    expect(catalogueText('en-us', 'coreReport.more', 2)).toMatch(/more problems in/);
    // French uses the singular for 0 and 1.
    expect(catalogueText('fr', 'coreReport.more', 0)).toBe(catalogueText('fr', 'coreReport.more', 1));
    expect(catalogueText('es', 'coreReport.more', 0)).toBe(catalogueText('es', 'coreReport.more', 2));
  });
});

describe('e-mail templates', () => {
  const cases = TEMPLATE_NAMES.flatMap((name) => LANGUAGES.map((language) => [name, language] as const));

  it.each(cases)('%s renders in %s: subject, HTML and text, nothing missing', (name, language) => {
    const mail = renderMail(name, language, MAIL_SAMPLES[name], common);
    expect(mail.subject.length).toBeGreaterThan(5);
    expect(mail.subject).not.toMatch(/\n|\{\{|undefined|\[object/);
    expect(mail.text).not.toMatch(/\{\{|undefined|\[object|<\/?(p|a|td|li)\b/);
    expect(mail.html).not.toMatch(/\{\{|undefined|\[object/);
    expect(mail.html).toContain(`<html lang="${language === 'en-us' ? 'en-US' : language}">`);
    // The support line and the footer in every message, in the message's language.
    expect(mail.text).toContain(common.support.phone);
    const footer = catalogueText(language, 'common.footer').replace('{{brand}}', common.brand);
    expect(mail.text).toContain(footer);
    // A link of the message is in both parts.
    for (const url of Object.values(MAIL_SAMPLES[name]).filter((v): v is string => typeof v === 'string' && /^https?:/.test(v))) {
      expect(mail.text).toContain(url);
      expect(mail.html).toContain(`href="${url.replace(/&/g, '&amp;')}"`);
    }
  });

  it.each(TEMPLATE_NAMES.flatMap((name) => (['es', 'fr'] as const).map((language) => [name, language] as const)))(
    '%s in %s has none of the English sentences of its template',
    (name, language) => {
      const english = renderMail(name, 'en-us', MAIL_SAMPLES[name], common);
      const translated = renderMail(name, language, MAIL_SAMPLES[name], common);
      expect(translated.subject).not.toBe(english.subject);
      // Every line of the English text that comes from the catalogue (not only from the values) is absent.
      const valueTexts = new Set(
        Object.values(MAIL_SAMPLES[name])
          .flatMap((v) => (Array.isArray(v) ? v.flatMap((x: Record<string, unknown>) => Object.values(x)) : [v]))
          .map(String)
          .filter((v) => v.length >= 4),
      );
      const englishLines = english.text
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l.length > 12 && ![...valueTexts].some((v) => l.includes(v)));
      expect(englishLines.length).toBeGreaterThan(0);
      for (const line of englishLines) expect(translated.text, line).not.toContain(line);
    },
  );

  it.each(['es', 'fr'] as const)('the core-file report words each problem (a code with values) in %s', (language) => {
    const values = MAIL_SAMPLES['core-report'] as { problems: { reason: RowMessage }[] };
    const mail = renderMail('core-report', language, values, common);
    for (const p of values.problems) {
      expect(mail.text).toContain(rowMessageText(language, p.reason));
      expect(mail.text).not.toContain(rowMessageText('en-us', p.reason));
    }
  });

  it('escapes the values in the HTML part and keeps them as they are in the text part', () => {
    const values = { ...MAIL_SAMPLES['password-reset'], fullName: '<script>alert("x")</script> & Co' };
    const mail = renderMail('password-reset', 'en-us', values, common);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).toContain('<script>alert("x")</script> & Co');
  });

  it('makes no link of a value that is not a web or mail address', () => {
    const mail = renderMail('sso-reset', 'en-us', { ...MAIL_SAMPLES['sso-reset'], signInUrl: 'javascript:alert(1)' }, common);
    expect(mail.html).not.toContain('href="javascript:');
  });

  it('reads counts in the language and leaves identifiers alone', () => {
    const values = { ...MAIL_SAMPLES['core-report'], total: 12500, rejected: 1200, applied: 11300, seq: 12345 };
    expect(renderMail('core-report', 'en-us', values, common).text).toMatch(/1,200 of 12,500.*11,300/);
    expect(renderMail('core-report', 'fr', values, common).text).toMatch(/1\u202f200 sur 12\u202f500/);
    expect(renderMail('core-report', 'fr', values, common).text).toContain('fichier 12345');
    expect(renderMail('account-request', 'en-us', MAIL_SAMPLES['account-request'], common).subject).toContain('customer 12345');
  });

  it('every template names a subject and a preheader of the catalogue', () => {
    for (const name of TEMPLATE_NAMES) {
      for (const language of LANGUAGES) {
        expect(() => catalogueText(language, TEMPLATES[name].subject)).not.toThrow();
        expect(() => catalogueText(language, TEMPLATES[name].preheader)).not.toThrow();
      }
    }
  });
});
