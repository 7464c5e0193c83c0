/**
 * What the language walk (tests/i18n-walk.spec.ts) reads on a page, and how it judges it: the catalogues of
 * the web app, the English texts of the MUI widgets, the demo data's words, the display formats of dates.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { isPseudoLocalized, pseudoLocalize } from '@fc/contract/pseudo-locale';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
const localesDir = path.join(root, 'apps', 'web', 'src', 'locales');

export type WalkLanguage = 'es' | 'fr' | 'en-xa';

type Flat = Map<string, string>;

function flatten(value: unknown, prefix: string, out: Flat) {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) flatten(v, prefix.endsWith(':') ? `${prefix}${k}` : `${prefix}.${k}`, out);
}

/** Every text of a language's catalogue by `namespace:key`. */
function catalogue(lng: 'en-us' | 'es' | 'fr'): Flat {
  const out: Flat = new Map();
  for (const file of fs.readdirSync(path.join(localesDir, lng))) {
    if (!file.endsWith('.json')) continue;
    const ns = file.replace(/\.json$/, '');
    flatten(JSON.parse(fs.readFileSync(path.join(localesDir, lng, file), 'utf8')), `${ns}:`, out);
  }
  return out;
}

const EN = catalogue('en-us');
const CATALOGUES = { es: catalogue('es'), fr: catalogue('fr') };

/** A catalogue text in `lng` (the pseudo-locale's is made from en-us), interpolations left as written. */
export function text(lng: WalkLanguage, key: string): string {
  const en = EN.get(key);
  if (en === undefined) throw new Error(`no en-us text ${key}`);
  if (lng === 'en-xa') return pseudoLocalize(en);
  return CATALOGUES[lng].get(key) ?? en;
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The English texts of the MUI widgets (Data Grid, Date Pickers, core): a Spanish or French page that shows
 * one has a widget without its locale pack.
 */
function muiEnglish(): string[] {
  const require = createRequire(import.meta.url);
  const strings = (o: Record<string, unknown>) => Object.values(o).filter((v): v is string => typeof v === 'string');
  const grid = (
    require('@mui/x-data-grid/locales') as {
      enUS: { components: { MuiDataGrid: { defaultProps: { localeText: Record<string, unknown> } } } };
    }
  ).enUS.components.MuiDataGrid.defaultProps.localeText;
  const pickers = (
    require('@mui/x-date-pickers/locales') as {
      enUS: { components: { MuiLocalizationProvider: { defaultProps: { localeText: Record<string, unknown> } } } };
    }
  ).enUS.components.MuiLocalizationProvider.defaultProps.localeText;
  // MUI core keeps its English in the components' defaults (the enUS pack of @mui/material is empty).
  const core = ['Rows per page:', 'Close', 'Clear', 'Open', 'No options', 'Loading…', 'Go to next page', 'Go to previous page'];
  return [...strings(grid), ...strings(pickers), ...core].map(norm).filter((s) => /[A-Za-z]{2}/.test(s));
}

/** A catalogue template with interpolations, as a pattern over a shown text ("{{count}} rows" → /^(.+?) rows$/). */
function templatePattern(template: string): RegExp | null {
  const literal = template.replace(/\{\{[^{}]*\}\}/g, '');
  // A template that is mostly its values ("{{a}} {{b}}", "{{n}} %") would match anything.
  if (!/[A-Za-z]{3}/.test(literal) || literal.replace(/[^A-Za-z]/g, '').length < 6) return null;
  const source = norm(template)
    .split(/\{\{[^{}]*\}\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+?');
  return new RegExp(`^${source}$`);
}

/**
 * Words a Spanish or French page may show exactly as the English catalogue writes them, although the
 * catalogue's text under that key differs: the same word in both languages, proper nouns, codes.
 */
export const SAME_IN_BOTH = new Set<string>([
  // Language names are written in their own language in every catalogue.
  'English',
  'Español',
  'Français',
  // Abbreviations and codes.
  'OK',
  'ID',
  'CSV',
  'URL',
  'N/A',
]);

export interface Judge {
  /** Why a text is not in the language, or null when it is. */
  untranslated(text: string, data: boolean): string | null;
}

/** For Spanish and French: a text equal to an en-us text whose translation differs, or a MUI English text. */
function foreignJudge(lng: 'es' | 'fr'): Judge {
  const own = CATALOGUES[lng];
  const ownTexts = new Set([...own.values()].map(norm));
  const english = new Map<string, string>();
  const templates: { key: string; pattern: RegExp; own: RegExp | null }[] = [];
  for (const [key, en] of EN) {
    const translated = own.get(key);
    if (translated === undefined || norm(translated) === norm(en)) continue;
    if (/\{\{/.test(en)) {
      const pattern = templatePattern(en);
      if (pattern) templates.push({ key, pattern, own: templatePattern(translated) });
    } else if (!ownTexts.has(norm(en)) && !SAME_IN_BOTH.has(norm(en))) english.set(norm(en), key);
  }
  for (const mui of muiEnglish()) if (!ownTexts.has(mui) && !SAME_IN_BOTH.has(mui)) english.set(mui, 'MUI widget');
  return {
    untranslated(shown) {
      const t = norm(shown);
      const key = english.get(t);
      if (key) return `English text of ${key}`;
      if (!/[A-Za-z]{3}/.test(t)) return null;
      for (const { key: k, pattern, own: ownPattern } of templates)
        if (pattern.test(t) && !ownPattern?.test(t)) return `English text of ${k}`;
      return null;
    },
  };
}

/**
 * Words of the demo data (every string literal of the seed: names, cities, part descriptions, programme
 * names): a text made of these alone is user data, shown as entered, in any language.
 */
function seedWords(): Set<string> {
  const dir = path.join(root, 'apps', 'server', 'src', 'seed');
  const words = new Set<string>();
  for (const file of fs.readdirSync(dir)) {
    if (!file.endsWith('.ts')) continue;
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const literal of source.matchAll(/'([^'\\\n]*)'|`([^`\\]*)`|"([^"\\\n]*)"/g))
      for (const w of (literal[1] ?? literal[2] ?? literal[3] ?? '').match(/[A-Za-z]+/g) ?? []) words.add(w.toLowerCase());
  }
  return words;
}

/** Proper nouns and codes the pages show in every language (brand, makers, currencies, states, units). */
export const PROPER_NOUNS = new Set(
  ['Fleetrite', 'Fleet', 'Charge', 'International', 'Navistar', 'Estes', 'USD', 'CAD', 'US', 'CA', 'CA$', 'PM', 'AM', 'px', 'CSV'].map(
    (w) => w.toLowerCase(),
  ),
);

/** A code, an e-mail address, a web or file address: shown as it is in every language. */
const CODE = /^([A-Z0-9][A-Z0-9._/#-]*|[\w.+-]+@[\w.-]+|https?:\/\/\S+|\S+\.(csv|txt|pdf|png))$/;

/** For the pseudo-locale: a text with letters but no pseudo-localised letter, unless it is user data or a code. */
function pseudoJudge(userData: string[]): Judge {
  const seed = seedWords();
  for (const w of userData.join(' ').match(/[A-Za-z]+/g) ?? []) seed.add(w.toLowerCase());
  return {
    untranslated(shown, data) {
      const t = norm(shown);
      if (isPseudoLocalized(t)) return null;
      const words = t.match(/[A-Za-z][A-Za-z'’$]*/g) ?? [];
      if (!words.some((w) => w.replace(/[^A-Za-z]/g, '').length >= 2)) return null;
      if (CODE.test(t)) return null;
      const isData = (w: string) => {
        const lower = w.toLowerCase().replace(/['’]s$/, '');
        return seed.has(lower) || PROPER_NOUNS.has(lower) || /^[A-Z0-9]+$/.test(w);
      };
      // In a table cell or a field: user data as entered, unless a catalogue or widget text (a status, a label).
      if (data && !EN_TEXTS.has(t)) return null;
      if (!data && words.every(isData) && !EN_TEXTS.has(t)) return null;
      return EN_TEXTS.has(t) ? `English text (${EN_TEXTS.get(t)})` : 'not pseudo-localised';
    },
  };
}

/** The en-us texts that Spanish or French translate (a programme's name, "Select", is the same in all three). */
const EN_TEXTS = new Map<string, string>();
for (const [key, en] of EN) {
  if (/\{\{/.test(en) || EN_TEXTS.has(norm(en))) continue;
  const translated = [CATALOGUES.es.get(key), CATALOGUES.fr.get(key)].some((t) => t !== undefined && norm(t) !== norm(en));
  if (translated) EN_TEXTS.set(norm(en), key);
}
for (const mui of muiEnglish()) if (!EN_TEXTS.has(mui)) EN_TEXTS.set(mui, 'MUI widget');

/** `userData`: what the signed-in user typed or was given (username, full name), shown as is. */
export function judgeFor(lng: WalkLanguage, userData: string[] = []): Judge {
  return lng === 'en-xa' ? pseudoJudge(userData) : foreignJudge(lng);
}

/** Dates as the specification shows them (I18N-03): MM/dd/yyyy and MM/dd/yyyy HH:mm:ss. */
const SPEC_DATE = /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4}( ([01]\d|2[0-3]):[0-5]\d:[0-5]\d)?$/;
/** Anything that reads as a date: day, month and year in numbers, or an English month's name and a year. */
const DATE_LIKE =
  /\b(\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})([ T,]+\d{1,2}:\d{2}(:\d{2})?( ?[AaPp]\.?[Mm]\.?)?)?\b|\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2},? \d{4}\b/g;

/** The dates of a text that are not in the specification's display formats. */
export function badDates(shown: string): string[] {
  return [...norm(shown).matchAll(DATE_LIKE)].map((m) => m[0]).filter((d) => !SPEC_DATE.test(d));
}

export interface Seen {
  text: string;
  /** In a table cell or a field's value: user data. */
  data: boolean;
  /** Where: the element's tag and its nearest labelled ancestor. */
  where: string;
}

export interface Cut {
  text: string;
  where: string;
  how: string;
}

/**
 * The visible texts of the page (text nodes, placeholders, accessible names given by aria-label, the
 * document's title), and the labels whose text the layout cuts: scrolled out of a box that hides its
 * overflow (wider or taller than the box), or ended with an ellipsis.
 */
export async function readPage(page: Page, scope: 'page' | 'dialog'): Promise<{ texts: Seen[]; cuts: Cut[] }> {
  return page.evaluate((scope) => {
    const top: Element =
      scope === 'dialog'
        ? (Array.from(document.querySelectorAll('.MuiDialog-paper, [role="menu"], [role="listbox"]')).pop() ?? document.body)
        : document.body;
    const visible = (el: Element) =>
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && el.getClientRects().length > 0;
    const describe = (el: Element) => {
      const tag = el.tagName.toLowerCase();
      const role = el.closest('[role]')?.getAttribute('role');
      const cls = Array.from(el.classList).find((c) => c.startsWith('Mui')) ?? el.classList[0] ?? '';
      return `${tag}${cls ? `.${cls}` : ''}${role ? ` in ${role}` : ''}`;
    };
    const isData = (el: Element) => !!el.closest('[role="gridcell"], td, input, textarea, [data-user-data], .MuiAutocomplete-option');
    const texts: { text: string; data: boolean; where: string }[] = [];
    const walker = document.createTreeWalker(top, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const t = (n.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (!el || !t || el.closest('script, style, noscript, svg')) continue;
      if (!visible(el)) continue;
      texts.push({ text: t, data: isData(el), where: describe(el) });
    }
    for (const el of Array.from(top.querySelectorAll('[placeholder], [aria-label], [title]'))) {
      if (!visible(el)) continue;
      for (const attr of ['placeholder', 'aria-label', 'title']) {
        const v = el.getAttribute(attr)?.trim();
        if (v) texts.push({ text: v, data: isData(el), where: `${describe(el)} [${attr}]` });
      }
    }
    if (scope === 'page' && document.title) texts.push({ text: document.title, data: false, where: 'document title' });

    const cuts: { text: string; where: string; how: string }[] = [];
    const LABELS =
      'button, [role="button"], [role="tab"], [role="menuitem"], [role="option"], label, legend, th, [role="columnheader"]:not(.MuiDataGrid-columnHeader), h1, h2, h3, h4, h5, h6, a, .MuiDataGrid-columnHeaderTitle, .MuiChip-label, .MuiInputLabel-root, .MuiFormControlLabel-label, .MuiFormHelperText-root, .MuiListItemText-primary, .MuiTypography-root, .MuiTablePagination-selectLabel, .MuiTablePagination-displayedRows, .MuiAlert-message, .MuiBreadcrumbs-li, .MuiSelect-select, .MuiTab-root, .MuiCardHeader-title';
    const hides = (cs: CSSStyleDeclaration, axis: 'x' | 'y') => {
      const o = axis === 'x' ? cs.overflowX : cs.overflowY;
      return o === 'hidden' || o === 'clip';
    };
    for (const el of Array.from(top.querySelectorAll<HTMLElement>(LABELS))) {
      if (el.closest('[role="gridcell"], td')) continue;
      const t = (el.innerText ?? '').replace(/\s+/g, ' ').trim();
      if (!t || !/\p{L}/u.test(t) || !visible(el)) continue;
      const cs = getComputedStyle(el);
      if ((hides(cs, 'x') || cs.textOverflow === 'ellipsis') && el.scrollWidth > el.clientWidth + 1)
        cuts.push({ text: t, where: describe(el), how: `${el.scrollWidth - el.clientWidth}px wider than its box` });
      else if (hides(cs, 'y') && el.scrollHeight > el.clientHeight + 2)
        cuts.push({ text: t, where: describe(el), how: `${el.scrollHeight - el.clientHeight}px taller than its box` });
      else {
        // Cut by the nearest ancestor that hides what overflows it (not a scrolling box: scrolled text is whole).
        let box = el.parentElement;
        for (let i = 0; box && i < 4; i++, box = box.parentElement) {
          const bcs = getComputedStyle(box);
          if (hides(bcs, 'x') || hides(bcs, 'y')) break;
        }
        if (box && box !== document.body) {
          const r = el.getBoundingClientRect();
          const b = box.getBoundingClientRect();
          const bcs = getComputedStyle(box);
          const outX = hides(bcs, 'x') && (r.right > b.right + 1 || r.left < b.left - 1);
          const outY = hides(bcs, 'y') && (r.bottom > b.bottom + 1 || r.top < b.top - 1);
          if ((outX || outY) && r.width > 0 && b.width > 0)
            cuts.push({ text: t, where: describe(el), how: `outside the box that clips it (${describe(box)})` });
        }
      }
    }
    return { texts, cuts };
  }, scope);
}
