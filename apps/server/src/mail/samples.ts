import type { TemplateName } from './templates';

/**
 * Example values of each template, as the portal would store them: for `npm run mail:preview` and for the
 * test that renders every template in every language. The reset link is an example, not a token.
 */
export const MAIL_SAMPLES: Record<TemplateName, Record<string, unknown>> = {
  'password-reset': {
    fullName: 'Casey Morgan',
    username: 'cmorgan',
    link: 'http://localhost:3000/ui/password/update?token=EXAMPLE-ONLY-not-a-real-token',
    minutes: 60,
  },
  'sso-reset': { fullName: 'Casey Morgan', username: 'cmorgan', signInUrl: 'https://sso.example.com/login?portal=fleet-charge' },
  'email-changed': { fullName: 'Casey Morgan', username: 'cmorgan', changedAt: '2026-11-26T15:42:00.000Z' },
  'second-factor-added': { fullName: 'Casey Morgan', username: 'cmorgan', at: '2026-11-26T15:42:00.000Z' },
  'second-factor-removed': { fullName: 'Casey Morgan', username: 'cmorgan', at: '2026-11-26T15:42:00.000Z', byAdministrator: false },
  'recovery-code-used': { fullName: 'Casey Morgan', username: 'cmorgan', at: '2026-11-26T15:42:00.000Z', left: 9 },
  'account-request': {
    id: 42,
    createdAt: '2026-11-26T15:42:00.000Z',
    fullName: 'Dana Lopez',
    jobTitle: 'Fleet manager',
    phone: '(630) 555-0100',
    email: 'dana.lopez@example.com',
    accountNumber: 12345,
    company: 'Lopez Hauling',
    address: '100 Main St',
    city: 'Lisle',
    state: 'IL',
    country: 'US',
    zip: '60532',
    reviewUrl: 'http://localhost:3000/ui/corp/account-requests',
  },
  'core-report': {
    fullName: 'Casey Morgan',
    fileName: 'core-parts-november.csv',
    seq: 318,
    fileType: 'coreless',
    fileError: null,
    total: 1250,
    rejected: 3,
    applied: 1247,
    problems: [
      { row: 3, column: 'cust_no', value: '99999', reason: { code: 'unknown-customer', values: { custNo: 99999 } } },
      { row: 4, column: 'part_no', value: 'NOT-A-PART', reason: { code: 'part-not-in-catalogue', values: { part: 'NOT-A-PART' } } },
      {
        row: 5,
        column: 'effective_date',
        value: '13/45/2027',
        reason: { code: 'core-date-invalid', values: { column: 'effective_date' } },
      },
    ],
    more: 0,
    reportName: 'core-upload-report-318.csv',
  },
};
