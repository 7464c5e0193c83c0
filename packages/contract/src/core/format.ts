/**
 * The one formatting layer (issue 20, decision 0400): every date, time, number, amount and percentage a
 * person reads, in the browser and in e-mails, goes through these pure functions.
 *
 * - Dates and times use the specification's display formats in EVERY language (I18N-03):
 *   MM/dd/yyyy and MM/dd/yyyy HH:mm:ss. Input masks are MM/DD/YYYY everywhere too.
 * - What is localised: month and day names (calendars, long dates, "July 2026"), numbers (grouping and
 *   decimal separators), currency (symbol, position) and percentages, in the app language.
 * - The wire formats (YYYYMMDD in calls, ISO in JSON) are not touched here.
 *
 * `language` is an app language ('en-us' | 'es' | 'fr'); any other value (a pseudo-locale, an unknown
 * code) formats as en-us, so a label never breaks.
 */
import { LANGUAGES, type Language } from './account-types';

/** An app language, or any other code (formatted as en-us). */
export type FormatLanguage = Language | (string & {});

/** The specification's display formats (date-fns / Unicode tokens), the same in every language. */
export const DATE_DISPLAY_FORMAT = 'MM/dd/yyyy';
export const DATE_TIME_DISPLAY_FORMAT = 'MM/dd/yyyy HH:mm:ss';
/** The date input mask in dayjs tokens (every language types the same mask). */
export const DATE_INPUT_MASK = 'MM/DD/YYYY';

/** A value that names a day or an instant: a Date, epoch milliseconds, YYYYMMDD, YYYY-MM-DD or an ISO timestamp. */
export type DateInput = Date | number | string | null | undefined;

export interface TimeZoneOption {
  /** IANA time zone for instants (e-mails written on the server); the runtime's own zone when omitted. */
  timeZone?: string;
}

const BCP47: Record<Language, string> = { 'en-us': 'en-US', es: 'es', fr: 'fr' };

/** The BCP 47 tag of an app language ('en-us' → 'en-US'); anything else → 'en-US'. */
export function localeTag(language: FormatLanguage | null | undefined): string {
  return (LANGUAGES as readonly string[]).includes(language ?? '') ? BCP47[language as Language] : 'en-US';
}

// Formatters are costly to build and grids call them per cell: keep one per locale and options.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(language: FormatLanguage, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const tag = localeTag(language);
  const key = `${tag}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(tag, options);
    numberFormats.set(key, f);
  }
  return f;
}

function dateFormat(language: FormatLanguage, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const tag = localeTag(language);
  const key = `${tag}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(tag, options);
    dateFormats.set(key, f);
  }
  return f;
}

type Parsed = { kind: 'day'; y: number; m: number; d: number } | { kind: 'instant'; date: Date };

/** A calendar day (YYYYMMDD, YYYY-MM-DD) stays that day in every time zone; anything else is an instant. */
function parse(value: DateInput): Parsed | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const day = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value.trim());
    if (day) {
      const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
      const check = new Date(Date.UTC(y, m - 1, d));
      if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
      return { kind: 'day', y, m, d };
    }
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : { kind: 'instant', date };
}

const p2 = (n: number) => String(n).padStart(2, '0');

interface Fields {
  y: number;
  m: number;
  d: number;
  h: number;
  min: number;
  s: number;
}

function fieldsOf(parsed: Parsed, timeZone?: string): Fields {
  if (parsed.kind === 'day') return { y: parsed.y, m: parsed.m, d: parsed.d, h: 0, min: 0, s: 0 };
  const date = parsed.date;
  if (!timeZone) {
    return {
      y: date.getFullYear(),
      m: date.getMonth() + 1,
      d: date.getDate(),
      h: date.getHours(),
      min: date.getMinutes(),
      s: date.getSeconds(),
    };
  }
  const parts = dateFormat('en-us', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((x) => x.type === type)?.value ?? 0);
  return { y: get('year'), m: get('month'), d: get('day'), h: get('hour') % 24, min: get('minute'), s: get('second') };
}

/** A Date whose UTC fields are the day's (for Intl with timeZone UTC: no shift at midnight). */
function utcDay(parsed: Parsed, timeZone?: string): Date {
  const f = fieldsOf(parsed, timeZone);
  return new Date(Date.UTC(f.y, f.m - 1, f.d));
}

/**
 * MM/dd/yyyy in every language (the specification's display format). A calendar day (YYYYMMDD, YYYY-MM-DD)
 * is shown as that day; an instant as its day in the runtime's (or the given) time zone. '' for no value.
 */
export function formatDate(value: DateInput, _language?: FormatLanguage, options: TimeZoneOption = {}): string {
  const parsed = parse(value);
  if (!parsed) return '';
  const f = fieldsOf(parsed, options.timeZone);
  return `${p2(f.m)}/${p2(f.d)}/${f.y}`;
}

/** MM/dd/yyyy HH:mm:ss (24-hour clock) in every language, in the runtime's (or the given) time zone. */
export function formatDateTime(value: DateInput, _language?: FormatLanguage, options: TimeZoneOption = {}): string {
  const parsed = parse(value);
  if (!parsed) return '';
  const f = fieldsOf(parsed, options.timeZone);
  return `${p2(f.m)}/${p2(f.d)}/${f.y} ${p2(f.h)}:${p2(f.min)}:${p2(f.s)}`;
}

/** A long date in the language: "July 29, 2026", "29 de julio de 2026", "29 juillet 2026" (e-mails, promotions). */
export function formatLongDate(value: DateInput, language: FormatLanguage, options: TimeZoneOption = {}): string {
  const parsed = parse(value);
  if (!parsed) return '';
  return dateFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(utcDay(parsed, options.timeZone));
}

/** A month and its year in the language: "July 2026", "julio de 2026", "juillet 2026". */
export function formatMonthYear(value: DateInput, language: FormatLanguage, options: TimeZoneOption = {}): string {
  const parsed = parse(value);
  if (!parsed) return '';
  return dateFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utcDay(parsed, options.timeZone));
}

/** The twelve month names in the language, January first ("janvier", "enero", ...). */
export function monthNames(language: FormatLanguage, width: 'long' | 'short' = 'long'): string[] {
  const f = dateFormat(language, { month: width, timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => f.format(new Date(Date.UTC(2026, i, 1))));
}

/** The seven day names in the language, Sunday first ("dimanche", "domingo", ...). */
export function weekdayNames(language: FormatLanguage, width: 'long' | 'short' | 'narrow' = 'long'): string[] {
  const f = dateFormat(language, { weekday: width, timeZone: 'UTC' });
  // 2026-11-01 is a Sunday.
  return Array.from({ length: 7 }, (_, i) => f.format(new Date(Date.UTC(2026, 10, 1 + i))));
}

/** A number in the language ("12,345.5", "12 345,5", "12.345,5"); '' for no value. */
export function formatNumber(value: number | null | undefined, language: FormatLanguage, options: Intl.NumberFormatOptions = {}): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return numberFormat(language, options).format(value);
}

/** Currency code of the programme: currency 0 is the system currency (USD), 1 CAD. */
export const programmeCurrencyCode = (currency: number) => (currency === 1 ? 'CAD' : 'USD');

/**
 * An amount in a currency, in the language. `currency` is an ISO code ('USD', 'CAD') or the programme's
 * number (0 USD, 1 CAD). `code: true` names the currency by its ISO code ("USD 7,835.40", "7 835,40 USD"),
 * once: for a label that must say which currency the amount is in where the symbol alone is ambiguous
 * ("$" in en-us). A text must not add the code again ("7 835,40 $US USD" in French, issue 17).
 */
export function formatMoney(
  amount: number | null | undefined,
  currency: number | string,
  language: FormatLanguage,
  opts: { code?: boolean } = {},
): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '';
  const iso = typeof currency === 'number' ? programmeCurrencyCode(currency) : currency;
  return numberFormat(language, {
    style: 'currency',
    currency: iso,
    ...(opts.code ? { currencyDisplay: 'code' as const } : {}),
  }).format(amount);
}

export interface PercentOptions {
  /** At most this many decimals (default 4: programme rates such as 2.125 %). */
  maximumFractionDigits?: number;
  minimumFractionDigits?: number;
}

/** A rate sent as a fraction (0.025) as a percentage in the language: "2.5%", "2,5 %", "2,5 %". */
export function formatRate(fraction: number | null | undefined, language: FormatLanguage, opts: PercentOptions = {}): string {
  if (fraction === null || fraction === undefined || Number.isNaN(fraction)) return '';
  return numberFormat(language, {
    style: 'percent',
    maximumFractionDigits: opts.maximumFractionDigits ?? 4,
    ...(opts.minimumFractionDigits !== undefined ? { minimumFractionDigits: opts.minimumFractionDigits } : {}),
  }).format(fraction);
}

/** A value already in percent (2.5 meaning 2.5 %) as a percentage in the language: "2.5%", "2,5 %". */
export function formatPercent(percent: number | null | undefined, language: FormatLanguage, opts: PercentOptions = {}): string {
  if (percent === null || percent === undefined || Number.isNaN(percent)) return '';
  // Round away binary noise: 2.3 / 100 is 0.023000000000000003.
  return formatRate(Math.round(percent * 1_000_000) / 100_000_000, language, opts);
}

/** Today's date as YYYYMMDD in local time (the user's calendar day). */
export function todayYyyymmdd(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}`;
}
