import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  formatDate,
  formatDateTime,
  formatLongDate,
  formatNumber,
  LANGUAGES,
  languageFromCode,
  parseMsg,
  type Language,
} from '@fc/contract';

/** Each namespace is one JSON file per language, loaded when a page first needs it. */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const STORAGE_KEY = 'fc.language';

/**
 * The pseudo-locale's code (en-XA, the pseudo-locale tag of CLDR and Android); its texts are made from the
 * en-us catalogue as they load (@fc/contract/pseudo-locale, loaded only then).
 */
export const PSEUDO_LANGUAGE = 'en-xa';

/** Where a production build is told to offer the pseudo-locale: the browser tests set it (decision 0430). */
export const PSEUDO_SWITCH_KEY = 'fc.pseudo-locale';

/** An interface language: a user's language, or the pseudo-locale where it is offered. */
export type UiLanguage = Language | typeof PSEUDO_LANGUAGE;

/**
 * The pseudo-locale is offered in development (`npm run dev`), in a build made with VITE_PSEUDO_LOCALE=on,
 * and in a browser whose localStorage holds fc.pseudo-locale=on (the browser tests); never to a production
 * user otherwise, and never saved on the server (the server knows the codes 0, 1, 2 only).
 */
export function pseudoLocaleOffered(): boolean {
  if (import.meta.env.DEV || import.meta.env.VITE_PSEUDO_LOCALE === 'on') return true;
  try {
    return localStorage.getItem(PSEUDO_SWITCH_KEY) === 'on';
  } catch {
    return false;
  }
}

/** The languages of the switches: en-us, es, fr, and the pseudo-locale where it is offered. */
export function uiLanguages(): UiLanguage[] {
  return pseudoLocaleOffered() ? [...LANGUAGES, PSEUDO_LANGUAGE] : [...LANGUAGES];
}

/** True while the interface shows the pseudo-locale. */
export function isPseudoLanguage(lng: string | undefined): boolean {
  return lng === PSEUDO_LANGUAGE && pseudoLocaleOffered();
}

export function initialLanguage(): UiLanguage {
  if (pseudoLocaleOffered()) {
    // ?lng=pseudo (or ?lng=en-xa) opens any page in the pseudo-locale, and the next ones too.
    const asked = new URLSearchParams(window.location.search).get('lng')?.toLowerCase();
    if (asked === 'pseudo' || asked === PSEUDO_LANGUAGE) rememberLanguage(PSEUDO_LANGUAGE);
  }
  const stored = localStorage.getItem(STORAGE_KEY);
  if (isPseudoLanguage(stored ?? undefined)) return PSEUDO_LANGUAGE;
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  const nav = navigator.language?.toLowerCase() ?? 'en-us';
  if (nav.startsWith('es')) return 'es';
  if (nav.startsWith('fr')) return 'fr';
  return 'en-us';
}

export function rememberLanguage(lng: UiLanguage) {
  localStorage.setItem(STORAGE_KEY, lng);
}

const PICKED_KEY = 'fc.language.picked';

/**
 * The language a person picked with a language switch in this tab (sessionStorage), as opposed to one
 * applied from a signed-in user's session: the login form sends it, and the session that starts keeps it
 * over the user's saved language (decision 0401). Undefined when nobody picked one here.
 */
export function pickedLanguage(): Language | undefined {
  try {
    const v = sessionStorage.getItem(PICKED_KEY);
    return v && (LANGUAGES as readonly string[]).includes(v) ? (v as Language) : undefined;
  } catch {
    return undefined;
  }
}

/** A language chosen with a switch: shown at once and remembered as this tab's pick (decision 0401). */
export function pickLanguage(lng: Language): Promise<unknown> {
  try {
    sessionStorage.setItem(PICKED_KEY, lng);
  } catch {
    /* storage refused (private mode): the pick still shows, it just is not sent at sign-in */
  }
  return switchLanguage(lng);
}

/** A switch's choice: a language is picked (pickLanguage); the pseudo-locale only shows, here, never sent. */
export function pickUiLanguage(lng: UiLanguage): Promise<unknown> {
  return lng === PSEUDO_LANGUAGE ? switchLanguage(lng) : pickLanguage(lng);
}

/** Shows the interface in `lng` from now on, in this page and (through localStorage) the next ones. */
export function switchLanguage(lng: UiLanguage): Promise<unknown> {
  rememberLanguage(lng);
  return i18n.language === lng ? Promise.resolve() : i18n.changeLanguage(lng);
}

/**
 * The signed-in user's session language code (I18N-02: 0 English US, 1 Spanish, 2 French)
 * wins over what this browser chose before: the language picked on the login page for this session, else
 * the user's saved choice, whichever browser they use (the server decides which, decision 0401).
 */
export function applySessionLanguage(code: number | null | undefined): Promise<unknown> {
  // The pseudo-locale is a developer's or a test's choice for this browser: a saved language does not undo it.
  if (isPseudoLanguage(i18n.language)) return Promise.resolve();
  return switchLanguage(languageFromCode(code));
}

/** The document's language (<html lang>) for an interface language: en-us is 'en', as browser-check.js writes it. */
export function htmlLang(lng: string): string {
  if (lng === PSEUDO_LANGUAGE) return 'en-XA';
  return lng === 'en-us' ? 'en' : lng;
}

/*
 * The one place that keeps <html lang> on the interface language, for every page and both apps (the light
 * public app and the portal): i18next announces the first language and every change. Registered before
 * init, which announces the first one.
 */
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = htmlLang(lng);
});

const initialised = i18n
  .use({
    type: 'backend',
    init() {},
    read(language: string, namespace: string, callback: (err: unknown, data?: Record<string, unknown>) => void) {
      // The pseudo-locale's texts are made from the en-us catalogue as it loads (lib/pseudo-locale.ts).
      const pseudo = language === PSEUDO_LANGUAGE;
      const loader = files[`../locales/${pseudo ? 'en-us' : language}/${namespace}.json`];
      if (!loader) return callback(null, {});
      const texts = pseudo
        ? Promise.all([loader(), import('@fc/contract/pseudo-locale')]).then(([m, p]) => p.pseudoCatalogue(m.default))
        : loader().then((m) => m.default);
      texts.then(
        (data) => callback(null, data),
        (err: unknown) => callback(err),
      );
    },
  })
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: 'en-us',
    supportedLngs: uiLanguages(),
    lowerCaseLng: true,
    load: 'currentOnly',
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

/** The common texts: what the light public app waits for before its own namespaces (app/public-app.tsx). */
export const commonTextsReady: Promise<unknown> = initialised;

let portalTexts: Promise<unknown> | undefined;

/**
 * The common texts and the validation messages, which translateValidation reads synchronously: what the
 * portal, a list's first frame and the tests wait for. It asks for the validation messages when first
 * awaited, not on load: the landing pages show none and do not load them (issue 22, their 120 kB budget).
 */
export const i18nReady: PromiseLike<unknown> = {
  then(onFulfilled, onRejected) {
    portalTexts ??= initialised.then(() => i18n.loadNamespaces('validation'));
    return portalTexts.then(onFulfilled, onRejected);
  },
};

/*
 * Values inside texts go through the one formatting layer (decision 0400): `{{count, number}}` groups digits
 * in the language, `{{day, date}}` is MM/dd/yyyy, `{{at, datetime}}` MM/dd/yyyy HH:mm:ss, `{{day, longdate}}`
 * "29 juillet 2026". The formatter exists once init has started (above).
 */
i18n.services.formatter?.add('number', (value: number, lng) => formatNumber(value, lng ?? 'en-us'));
i18n.services.formatter?.add('date', (value: string, _lng) => formatDate(value));
i18n.services.formatter?.add('datetime', (value: string, _lng) => formatDateTime(value));
i18n.services.formatter?.add('longdate', (value: string, lng) => formatLongDate(value, lng ?? 'en-us'));

/** The text of a validation message of the contract ("maxLength|max=60" → "... at most 60 ..."). */
export function translateValidation(message: string | undefined, field?: string): string {
  if (!message) return '';
  const { key, params } = parseMsg(message);
  const fieldLabel = params.field ? i18n.t(`validation:fields.${params.field}`, { defaultValue: params.field }) : field;
  return i18n.t(`validation:${key}`, {
    ...params,
    field: fieldLabel ?? i18n.t('validation:this-field'),
    defaultValue: i18n.t('validation:invalid'),
  });
}

export default i18n;

/** The interface language as a language of the contract (en-us when i18next holds another). */
export function contractLanguage(language: string): Language {
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en-us';
}

/**
 * The text of an upload refused by the server's checks (a `file-*` code) in the interface language: with the
 * limit and the line it names (`values`: the error's meta or the refused unit's values) when it names them,
 * else the code's short text. Undefined for a code that is not one of the upload checks.
 */
export function uploadRefusalText(code: string | undefined, values: Record<string, unknown> | null | undefined): string | undefined {
  if (!code || !i18n.exists(`common:upload.errors.${code}`)) return undefined;
  const lang = contractLanguage(i18n.language);
  const max = typeof values?.max === 'number' ? values.max : undefined;
  const line = typeof values?.line === 'number' ? values.line : undefined;
  const needsLine = code === 'file-columns' || code === 'file-line';
  if (max !== undefined && i18n.exists(`common:upload.refusals.${code}`) && (line !== undefined || !needsLine)) {
    const shownMax =
      code === 'file-too-large'
        ? formatNumber(max / 1024 / 1024, lang, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 })
        : formatNumber(max, lang);
    return i18n.t(`common:upload.refusals.${code}`, {
      max: shownMax,
      line: formatNumber(line, lang),
    });
  }
  return i18n.t(`common:upload.errors.${code}`);
}
