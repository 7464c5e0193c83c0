import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n, { i18nReady, switchLanguage } from '@/lib/i18n';
import { renderPage } from '../../../../test/render';
import { ProgrammeFinder } from './programme-finder';

beforeEach(async () => {
  await i18nReady;
});
afterEach(async () => {
  await switchLanguage('en-us');
});

const sp = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** Fills the finder in the page's language and returns the result sentence. */
async function find(units: string, countryLabel: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox'), units);
  await user.click(screen.getByRole('radio', { name: countryLabel }));
  await user.click(screen.getByRole('button'));
  return sp((await screen.findByTestId('finder-result')).querySelector('p')?.textContent);
}

describe('fleet-size finder: plural and country with its article (issue 20)', () => {
  it.each([
    ['en-us', '1', 'United States', '1 power unit in the United States: your best programme is'],
    ['en-us', '1200', 'Canada', '1,200 power units in Canada: your best programme is'],
    ['fr', '1', 'États-Unis', '1 unité motrice aux États-Unis : votre meilleur programme est'],
    ['fr', '1', 'Canada', '1 unité motrice au Canada : votre meilleur programme est'],
    ['fr', '1200', 'Canada', '1 200 unités motrices au Canada : votre meilleur programme est'],
    ['es', '1', 'Canadá', '1 unidad motriz en Canadá: su mejor programa es'],
    ['es', '20', 'Estados Unidos', '20 unidades motrices en Estados Unidos: su mejor programa es'],
    ['es', '12000', 'Estados Unidos', '12.000 unidades motrices en Estados Unidos: su mejor programa es'],
  ] as const)('%s, %s in %s', async (lang, units, country, sentence) => {
    await switchLanguage(lang);
    await i18n.loadNamespaces('public-site');
    renderPage(<ProgrammeFinder />);
    expect(await find(units, country)).toBe(sentence);
  });

  it('a million takes the "many" form in French and Spanish ("de" / "d’")', async () => {
    await i18n.loadLanguages(['es', 'fr']);
    await i18n.loadNamespaces('public-site');
    const fr = i18n.getFixedT('fr', 'public-site');
    const es = i18n.getFixedT('es', 'public-site');
    expect(sp(fr('home.finder.result', { count: 1_000_000, context: 'ca' }))).toBe(
      '1 000 000 d’unités motrices au Canada : votre meilleur programme est',
    );
    expect(sp(es('home.finder.result', { count: 2_000_000, context: 'us' }))).toBe(
      '2.000.000 de unidades motrices en Estados Unidos: su mejor programa es',
    );
  });
});
