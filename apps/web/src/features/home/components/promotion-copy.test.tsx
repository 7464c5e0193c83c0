import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '@/lib/i18n';
import { englishTexts, renderPage, TEST_CONFIG } from '../../../../test/render';
import BonusPage from './bonus-page';
import CreditBackPage from './credit-back-page';

// The promotion copy follows the app config (the server's CREDIT_BACK_* and BONUS_* settings): the next
// promotion needs no release. The defaults are the specification's text.
const NEXT = {
  ...TEST_CONFIG,
  promotions: {
    creditBack: { percent: 3, from: '2026-04-01', to: '2026-12-31', issued: '2027-01' },
    bonus: {
      from: '2026-08-01',
      firstTo: '2026-10-01',
      firstSpend: 3000,
      firstCredit: 300,
      to: '2026-12-31',
      secondSpend: 7000,
      secondCredit: 500,
    },
  },
};

beforeEach(englishTexts);

describe('credit-back page', () => {
  it("shows the specification's offer by default", async () => {
    renderPage(<CreditBackPage />);
    expect(await screen.findByRole('heading', { level: 1, name: /Get 2% back on own-brand parts/ })).toBeInTheDocument();
    expect(screen.getByText(/from April 1, 2025 to December 31, 2025 earns 2% back/)).toBeInTheDocument();
    expect(screen.getByTestId('credit-legal-1')).toHaveTextContent(
      'from April 1, 2025 through December 31, 2025. The credit is issued in January 2026',
    );
  });

  it('shows the configured offer, in en-us, es and fr', async () => {
    renderPage(<CreditBackPage />, { config: NEXT });
    expect(await screen.findByRole('heading', { level: 1, name: /Get 3% back/ })).toBeInTheDocument();
    expect(screen.getByTestId('credit-step-4')).toHaveTextContent('In January 2027 your 3% credit is issued');
    expect(screen.getByTestId('credit-legal-1')).toHaveTextContent('from April 1, 2026 through December 31, 2026');
    await switchLanguage('es');
    expect(await screen.findByRole('heading', { level: 1, name: /Reciba un 3 % de crédito/ })).toBeInTheDocument();
    expect(screen.getByTestId('credit-legal-1')).toHaveTextContent('entre el 1 de abril de 2026 y el 31 de diciembre de 2026');
    expect(screen.getByTestId('credit-step-4')).toHaveTextContent('En enero de 2027');
    await switchLanguage('fr');
    expect(await screen.findByRole('heading', { level: 1, name: /Obtenez 3 % de crédit/ })).toBeInTheDocument();
    expect(screen.getByTestId('credit-legal-1')).toHaveTextContent('du 1 avril 2026 au 31 décembre 2026');
    expect(screen.getByTestId('credit-step-4')).toHaveTextContent('En janvier 2027');
  });
});

describe('bonus page', () => {
  it("shows the specification's amounts by default", async () => {
    renderPage(<BonusPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Earn up to $650 in bonus credit' })).toBeInTheDocument();
    expect(screen.getByTestId('bonus-tier-1')).toHaveTextContent(
      '$250credit when you spend $2,500 on select parts between August 1, 2024 and October 1, 2024.',
    );
    expect(screen.getByTestId('bonus-tier-2')).toHaveTextContent(
      '$400additional credit when you spend $6,000 on select parts through December 31, 2024.',
    );
  });

  it('shows the configured amounts and dates, in en-us, es and fr', async () => {
    renderPage(<BonusPage />, { config: NEXT });
    expect(await screen.findByRole('heading', { level: 1, name: 'Earn up to $800 in bonus credit' })).toBeInTheDocument();
    expect(screen.getByTestId('bonus-tier-1')).toHaveTextContent(
      '$300credit when you spend $3,000 on select parts between August 1, 2026 and October 1, 2026.',
    );
    expect(screen.getByTestId('bonus-total')).toHaveTextContent('Up to $800 in credit in all.');
    await switchLanguage('es');
    expect(await screen.findByTestId('bonus-tier-2')).toHaveTextContent(
      '500 $de crédito adicional al gastar 7.000 $ en repuestos seleccionados hasta el 31 de diciembre de 2026.',
    );
    await switchLanguage('fr');
    expect(await screen.findByTestId('bonus-total')).toHaveTextContent('Jusqu’à 800 $ de crédit au total.');
    expect(screen.getByTestId('bonus-tier-2')).toHaveTextContent(/7\s000 \$ d’achats/);
  });
});
