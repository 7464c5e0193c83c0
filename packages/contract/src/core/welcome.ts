import type { RouteId } from './routes';

/**
 * The live figures of the welcome pages (APP-15: "a dashboard of the screens that user may open,
 * with a few live figures"). Each summarises one screen and links to it; the server answers only the
 * figures whose screen the user may open, counted in the user's own scope.
 */
export const WELCOME_FIGURES = {
  /** Account requests still new or in review. */
  'open-account-requests': 'account-requests',
  /** Active customers of the programme. */
  'active-customers': 'customer-maintenance',
  /** Loyalty programme templates that are active. */
  'active-loyalty-programs': 'corp-loyalty',
  /** The customer's loyalty enrolments running today. */
  'loyalty-in-progress': 'cust-loyalty',
  /** The customer's cards. */
  cards: 'purchase-requirements',
  /** Inbound files processed in the last 7 days (a dealer: its own). */
  'files-processed-7d': 'file-status',
  /** Inbound files that failed in the last 7 days (a dealer: its own). */
  'files-failed-7d': 'file-status',
  /** Customer tax rates in force today. */
  'tax-rates-in-force': 'tax-configuration',
} as const satisfies Record<string, RouteId>;

export type WelcomeFigureKey = keyof typeof WELCOME_FIGURES;
