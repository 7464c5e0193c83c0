import { afterAll, describe, expect, it } from 'vitest';
import i18n, { applySessionLanguage, i18nReady, switchLanguage } from './i18n';

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
