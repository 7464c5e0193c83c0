import type { Promotions } from './promotions';

// Apart from the promotions' schemas: the public pages fall back on these (decision 0950).

/** The specification's offers: 2% back on 2025-04-01 to 2025-12-31, issued January 2026; $250 + $400 bonus in 2024. */
export const DEFAULT_PROMOTIONS: Promotions = {
  creditBack: { percent: 2, from: '2025-04-01', to: '2025-12-31', issued: '2026-01' },
  bonus: {
    from: '2024-08-01',
    firstTo: '2024-10-01',
    firstSpend: 2500,
    firstCredit: 250,
    to: '2024-12-31',
    secondSpend: 6000,
    secondCredit: 400,
  },
};
