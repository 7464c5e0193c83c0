import Handlebars from 'handlebars';
import type { Language } from '@fc/contract';
import { rowMessageText, type RowMessage } from '@fc/contract/files';
import { CATALOGUES } from './catalogue';
import { mailLongDate, mailNumber, mailTime, pluralCategory } from './format';

/**
 * E-mail templates (decision 0420). Each message has ONE Handlebars source, rendered twice: once as HTML
 * (values escaped, paragraphs, a button, tables) and once as plain text (nothing escaped, the same blocks as
 * text), both in the recipient's language with the texts of `catalogue.ts`. The block helpers are what
 * differ between the two renderings:
 *
 * - `{{t "key" name=value}}`: a text of the catalogue, its `{{placeholders}}` filled from the hash (numbers
 *   formatted in the language) and the message's values; `count=` picks `key_one` / `key_other` by the
 *   language's plural rules.
 * - `{{#p}}...{{/p}}`: a paragraph. `{{button url label}}`: a link as a button (and the address beneath).
 * - `{{#fields}}{{field label value}}{{/fields}}`: a two-column table. `{{#list}}{{#item}}..{{/item}}{{/list}}`.
 * - `{{longDate at}}`, `{{utcTime at}}`, `{{formatNumber n}}`: through the formatting layer of `@fc/contract`.
 *   (A catalogue placeholder must not take a helper's name.)
 */
export const TEMPLATES = {
  'password-reset': {
    subject: 'passwordReset.subject',
    preheader: 'passwordReset.preheader',
    source: `
{{#p}}{{t "common.greeting" name=fullName}}{{/p}}
{{#p}}{{t "passwordReset.intro" count=minutes}}{{/p}}
{{button link (t "passwordReset.button")}}
{{#p}}{{t "passwordReset.once"}}{{/p}}`,
  },
  'sso-reset': {
    subject: 'ssoReset.subject',
    preheader: 'ssoReset.preheader',
    source: `
{{#p}}{{t "common.greeting" name=fullName}}{{/p}}
{{#p}}{{t "ssoReset.intro"}}{{/p}}
{{button signInUrl (t "ssoReset.button")}}
{{#p}}{{t "ssoReset.procedure"}}{{/p}}`,
  },
  'email-changed': {
    subject: 'emailChanged.subject',
    preheader: 'emailChanged.preheader',
    source: `
{{#p}}{{t "common.greeting" name=fullName}}{{/p}}
{{#p}}{{t "emailChanged.intro" date=(longDate changedAt) time=(utcTime changedAt)}}{{/p}}
{{#p}}{{t "emailChanged.ok"}}{{/p}}
{{#p}}{{t "emailChanged.report" phone=support.phone hours=support.hours email=support.email}}{{/p}}
{{button (reportLink) (t "emailChanged.reportButton")}}`,
  },
  'account-request': {
    subject: 'accountRequest.subject',
    preheader: 'accountRequest.preheader',
    source: `
{{#p}}{{t "accountRequest.intro" date=(longDate createdAt) time=(utcTime createdAt)}}{{/p}}
{{#fields}}
{{field (t "accountRequest.fields.id") (concat "#" id)}}
{{field (t "accountRequest.fields.fullName") fullName}}
{{field (t "accountRequest.fields.jobTitle") jobTitle}}
{{field (t "accountRequest.fields.phone") phone}}
{{field (t "accountRequest.fields.email") email}}
{{field (t "accountRequest.fields.accountNumber") accountNumber}}
{{field (t "accountRequest.fields.company") company}}
{{field (t "accountRequest.fields.address") address}}
{{field (t "accountRequest.fields.city") city}}
{{field (t "accountRequest.fields.state") (concat state " (" country ")")}}
{{field (t "accountRequest.fields.zip") zip}}
{{/fields}}
{{#p}}{{t "accountRequest.review"}}{{/p}}
{{button reviewUrl (t "accountRequest.button")}}`,
  },
  'second-factor-added': {
    subject: 'secondFactor.addedSubject',
    preheader: 'secondFactor.addedPreheader',
    source: `
{{#p}}{{t "common.greeting" name=fullName}}{{/p}}
{{#p}}{{t "secondFactor.addedIntro" date=(longDate at) time=(utcTime at)}}{{/p}}
{{#p}}{{t "secondFactor.ok"}}{{/p}}
{{#p}}{{t "secondFactor.report" phone=support.phone hours=support.hours email=support.email}}{{/p}}`,
  },
  'second-factor-removed': {
    subject: 'secondFactor.removedSubject',
    preheader: 'secondFactor.removedPreheader',
    source: `
{{#p}}{{t "common.greeting" name=fullName}}{{/p}}
{{#if byAdministrator}}{{#p}}{{t "secondFactor.resetIntro" date=(longDate at) time=(utcTime at)}}{{/p}}{{else}}{{#p}}{{t "secondFactor.removedIntro" date=(longDate at) time=(utcTime at)}}{{/p}}
{{#p}}{{t "secondFactor.ok"}}{{/p}}{{/if}}
{{#p}}{{t "secondFactor.report" phone=support.phone hours=support.hours email=support.email}}{{/p}}`,
  },
  'recovery-code-used': {
    subject: 'secondFactor.recoverySubject',
    preheader: 'secondFactor.recoveryPreheader',
    source: `
{{#p}}{{t "common.greeting" name=fullName}}{{/p}}
{{#p}}{{t "secondFactor.recoveryIntro" date=(longDate at) time=(utcTime at)}}{{/p}}
{{#p}}{{t "secondFactor.left" count=left}}{{/p}}
{{#p}}{{t "secondFactor.ok"}}{{/p}}
{{#p}}{{t "secondFactor.report" phone=support.phone hours=support.hours email=support.email}}{{/p}}`,
  },
  'core-report': {
    subject: 'coreReport.subject',
    preheader: 'coreReport.preheader',
    source: `
{{#p}}{{t "common.greeting" name=fullName}}{{/p}}
{{#p}}{{t "coreReport.intro" fileType=(t (concat "coreReport.fileTypes." fileType))}}{{/p}}
{{#if fileError}}{{#p}}{{t "coreReport.fileError" reason=(rowMessage fileError)}}{{/p}}{{else}}{{#p}}{{t "coreReport.summary" total=total rejected=rejected applied=applied}}{{/p}}{{/if}}
{{#p}}{{t "coreReport.problemsHeading"}}{{/p}}
{{#list}}{{#each problems}}{{#item}}{{t "coreReport.row" row=row}}{{#if column}}, {{column}}{{/if}}{{#if value}} "{{value}}"{{/if}}{{t "coreReport.colon"}}{{rowMessage reason}}{{/item}}{{/each}}{{/list}}
{{#if more}}{{#p}}{{t "coreReport.more" count=more}}{{/p}}{{/if}}
{{#p}}{{t "coreReport.attached"}}{{/p}}`,
  },
} as const;

export type TemplateName = keyof typeof TEMPLATES;
export const TEMPLATE_NAMES = Object.keys(TEMPLATES) as TemplateName[];

/** What every message may use besides its own values. */
export interface MailCommon {
  brand: string;
  publicUrl: string;
  support: { phone: string; email: string; hours: string };
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

type Format = 'html' | 'text';

/** A value as text: strings and numbers as they are, a SafeString's text, nothing for null. */
function toText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Handlebars.SafeString) return v.toString();
  return JSON.stringify(v);
}

/** Escapes a value for HTML text and attribute values (quotes included). */
export const escapeHtml = (s: unknown) =>
  toText(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const safeUrl = (url: unknown) => {
  const s = toText(url);
  return /^(https?:|mailto:)/i.test(s) ? s : '#';
};

function lookup(language: Language, key: string): string | undefined {
  let node: unknown = CATALOGUES[language];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

/** The catalogue's text of `key` in `language` (plural form by `count`), or an error naming what is missing. */
export function catalogueText(language: Language, key: string, count?: number): string {
  const plural = count === undefined ? undefined : lookup(language, `${key}_${pluralCategory(count, language)}`);
  const text = plural ?? (count === undefined ? undefined : lookup(language, `${key}_other`)) ?? lookup(language, key);
  if (text === undefined) throw new Error(`mail text ${key} is missing in ${language}`);
  return text;
}

/** A Handlebars environment per output format; templates are compiled once per format. */
function environment(format: Format) {
  const hb = Handlebars.create();
  const html = format === 'html';
  const compiled = new Map<string, HandlebarsTemplateDelegate>();
  const compile = (source: string) => {
    let fn = compiled.get(source);
    if (!fn) compiled.set(source, (fn = hb.compile(source, { noEscape: !html, strict: true, knownHelpersOnly: false })));
    return fn;
  };
  const out = (s: string) => (html ? new hb.SafeString(s) : s);
  const lang = (options: Handlebars.HelperOptions) => (options.data as { root: { language: Language } }).root.language;

  hb.registerHelper('t', function (this: unknown, key: string, options: Handlebars.HelperOptions) {
    const root = (options.data as { root: Record<string, unknown> }).root;
    const hash = options.hash as Record<string, unknown>;
    const count = typeof hash.count === 'number' ? hash.count : undefined;
    // Numbers given to the text (counts) read in the language's format; identifiers from the message's
    // values (request and file numbers, customer numbers) are left as they are.
    const given = Object.fromEntries(
      Object.entries(hash).map(([k, v]) => [k, typeof v === 'number' ? mailNumber(v, root.language as Language) : v]),
    );
    return out(compile(catalogueText(root.language as Language, key, count))({ ...root, ...given }));
  });
  // A reason of a file report (a code with values, decision 0410), in the message's language.
  hb.registerHelper('rowMessage', (m: RowMessage, options: Handlebars.HelperOptions) => rowMessageText(lang(options), m));
  hb.registerHelper('concat', (...args: unknown[]) => args.slice(0, -1).map(String).join(''));
  hb.registerHelper('longDate', (at: string, options: Handlebars.HelperOptions) => mailLongDate(at, lang(options)));
  hb.registerHelper('utcTime', (at: string, options: Handlebars.HelperOptions) => mailTime(at, lang(options)));
  hb.registerHelper('formatNumber', (n: number, options: Handlebars.HelperOptions) => mailNumber(n, lang(options)));
  hb.registerHelper('reportLink', (options: Handlebars.HelperOptions) => {
    const root = (options.data as { root: Record<string, unknown> & MailCommon }).root;
    const subject = compile(catalogueText(root.language as Language, 'emailChanged.reportSubject'))({ ...root, username: root.username });
    return `mailto:${root.support.email}?subject=${encodeURIComponent(String(subject))}`;
  });
  hb.registerHelper('p', function (this: unknown, options: Handlebars.HelperOptions) {
    const body = options.fn(this);
    return out(html ? `<p style="margin:0 0 16px">${body}</p>\n` : `${body}\n\n`);
  });
  hb.registerHelper('button', (url: string, label: string) => {
    const href = safeUrl(url);
    if (!html) return `${label}:\n${url}\n\n`;
    return out(
      `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:#0b5394;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold">${escapeHtml(label)}</a></p>\n` +
        `<p style="margin:0 0 16px;font-size:13px;color:#555555;word-break:break-all"><a href="${escapeHtml(href)}" style="color:#0b5394">${escapeHtml(url)}</a></p>\n`,
    );
  });
  hb.registerHelper('fields', function (this: unknown, options: Handlebars.HelperOptions) {
    const body = options.fn(this);
    return out(html ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${body}</table>\n` : `${body}\n`);
  });
  hb.registerHelper('field', (label: unknown, value: unknown) =>
    html
      ? out(
          `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
        )
      : `${toText(label)}: ${toText(value)}`,
  );
  hb.registerHelper('list', function (this: unknown, options: Handlebars.HelperOptions) {
    const body = options.fn(this);
    return out(html ? `<ul style="margin:0 0 16px;padding-left:20px">${body}</ul>\n` : `${body}\n`);
  });
  hb.registerHelper('item', function (this: unknown, options: Handlebars.HelperOptions) {
    const body = options.fn(this);
    return out(html ? `<li>${body}</li>` : `- ${body}\n`);
  });
  return { compile, hb };
}

const environments: Record<Format, ReturnType<typeof environment>> = { html: environment('html'), text: environment('text') };

const LAYOUT = `<!doctype html>
<html lang="{{htmlLang}}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>{{subject}}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2328">
<div style="display:none;max-height:0;overflow:hidden">{{preheader}}</div>
<table role="presentation" width="100%" style="border-collapse:collapse"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:600px;border-collapse:collapse;background:#ffffff">
<tr><td style="background:#0b5394;color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold">{{brand}}</td></tr>
<tr><td style="padding:24px">{{{body}}}</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #dddddd;font-size:13px;color:#555555">{{t "common.support" phone=support.phone hours=support.hours email=support.email}}<br>{{t "common.footer"}}</td></tr>
</table></td></tr></table>
</body>
</html>
`;

/** Renders a message in a language: its subject, HTML and plain text. Throws when a text is missing. */
export function renderMail(name: TemplateName, language: Language, values: Record<string, unknown>, common: MailCommon): RenderedMail {
  const template = TEMPLATES[name];
  const data = { ...values, ...common, language, htmlLang: language === 'en-us' ? 'en-US' : language };
  const text = environments.text;
  const subject = String(text.compile(`{{t "${template.subject}"}}`)(data))
    .replace(/\s+/g, ' ')
    .trim();
  const preheader = String(text.compile(`{{t "${template.preheader}"}}`)(data));
  const body = environments.html.compile(template.source)(data);
  const html = environments.html.compile(LAYOUT)({ ...data, subject, preheader, body });
  const plain = text
    .compile(
      `${template.source}\n\n-- \n{{t "common.support" phone=support.phone hours=support.hours email=support.email}}\n{{t "common.footer"}}`,
    )(data)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { subject, html, text: `${plain}\n` };
}
