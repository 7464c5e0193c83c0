import { afterAll, describe, expect, it } from 'vitest';
import i18n, { applySessionLanguage, i18nReady, PSEUDO_LANGUAGE, pseudoLocaleOffered, switchLanguage, uiLanguages } from './i18n';

afterAll(async () => {
  await switchLanguage('en-us');
  localStorage.clear();
});

describe('<html lang> follows the interface language on every page', () => {
  it('is set from the first language, before any page sets it', async () => {
    await i18nReady;
    expect(document.documentElement.lang).toBe(i18n.language === 'en-us' ? 'en' : i18n.language);
  });

  it.each([
    ['the language switch', (lng: 'es' | 'fr' | 'en-us') => switchLanguage(lng)],
    ['the session language of users/current', (lng: 'es' | 'fr' | 'en-us') => applySessionLanguage({ 'en-us': 0, es: 1, fr: 2 }[lng])],
    ['i18next itself', (lng: 'es' | 'fr' | 'en-us') => i18n.changeLanguage(lng)],
  ])('changes with %s: es, fr, then en for English US', async (_how, change) => {
    await i18nReady;
    await change('es');
    expect(document.documentElement.lang).toBe('es');
    await change('fr');
    expect(document.documentElement.lang).toBe('fr');
    await change('en-us');
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('the pseudo-locale (development and browser tests)', () => {
  it('shows the en-us catalogue accented and bracketed, keeps a saved language from undoing it, saves nothing', async () => {
    await i18nReady;
    expect(pseudoLocaleOffered()).toBe(true);
    expect(uiLanguages()).toContain(PSEUDO_LANGUAGE);
    await switchLanguage(PSEUDO_LANGUAGE);
    await i18n.loadNamespaces('validation');
    expect(document.documentElement.lang).toBe('en-XA');
    expect(i18n.t('app.language')).toMatch(/^\[Ļ.*!!\]$/);
    expect(i18n.t('validation:maxLength', { max: 60, field: 'x' })).toContain('60');
    await applySessionLanguage(1);
    expect(i18n.language).toBe(PSEUDO_LANGUAGE);
    expect(localStorage.getItem('fc.language')).toBe(PSEUDO_LANGUAGE);
    await switchLanguage('es');
    await applySessionLanguage(2);
    expect(i18n.language).toBe('fr');
  });
});
