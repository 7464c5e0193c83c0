import { Suspense, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { DEFAULT_PROMOTIONS, type AppConfig, type CurrentUser } from '@fc/contract';
import { i18nReady, switchLanguage } from '@/lib/i18n';
import { appConfigQuery } from '@/lib/session/app-config';
import { currentUserQuery } from '@/lib/session/current-user';
import { ToastProvider } from '@/components/toast';

/** An app configuration as the server sends it for a visitor (links filled). */
export const TEST_CONFIG = {
  brandName: 'Fleet Charge',
  homePath: '/',
  applyPath: '/apply/',
  fleetriteCreditBackPath: '/FleetriteCreditBack',
  framePath: '/frame',
  termsConditions: '/ui/toc',
  loginLinks: {
    customer: {
      page: '/ui/cust/login',
      formAction: '/framework/login/cust',
      requestAccount: '/ui/cust/request',
      welcome: '/ui/cust/welcome',
    },
    dealer: { page: '/ui/merc/login', formAction: '/framework/login/merc', welcome: '/ui/merc/welcome' },
    corporate: { page: '/ui/corp/login', formAction: '/framework/login/corp', welcome: '/ui/corp/welcome' },
  },
  logoutPath: '/framework/logout',
  alternatePortalPrefix: 'intl',
  alternateLogoutUrl: '/framework/logout',
  externalLoginUrl: '/ui/merc/login',
  programLinks: {
    'dealer-manual': '/docs/dealer-manual.pdf',
    'customer-manual': '/docs/customer-manual.pdf',
    'contact-us': 'mailto:fleetcharge@example.com',
    'international-trucks': 'https://www.internationaltrucks.com',
    'dealer-locator': 'https://www.internationaltrucks.com/dealer-locator',
  },
  support: { phone: '1-800-555-0199', email: 'fleetcharge@example.com', hours: '8:00 am - 5:00 pm CST' },
  fiscalYearStartMonth: 10,
  showCredit: false,
  dateInputFormat: 'YYYYMMDD',
  enrolmentMaxYears: 5,
  promotions: DEFAULT_PROMOTIONS,
} satisfies AppConfig;

export function testUser(over: Partial<CurrentUser> = {}): CurrentUser {
  return {
    username: 'casey',
    fullName: 'Casey Customer',
    accountType: 2,
    workingAccountType: null,
    alternatePortalUser: 'N',
    ssoUser: 'N',
    grantedTasks: [510],
    language: 0,
    custNo: 10001,
    merchantNo: null,
    ...over,
  };
}

/** English texts loaded, whatever an earlier test switched to. */
export async function englishTexts() {
  await i18nReady;
  await switchLanguage('en-us');
}

/**
 * Renders a page as the app would: its texts, a query client that already holds the app config (and the
 * user, when given), and a memory router at `url` whose route is `path` (for route parameters).
 */
export function renderPage(
  ui: ReactElement,
  opts: { url?: string; path?: string; entries?: string[]; user?: CurrentUser | null; config?: AppConfig } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(appConfigQuery.queryKey, opts.config ?? TEST_CONFIG);
  if (opts.user !== undefined) client.setQueryData(currentUserQuery.queryKey, opts.user);
  const entries = opts.entries ?? [opts.url ?? '/'];
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <Suspense fallback={<p>loading</p>}>
          <Routes>
            <Route path={opts.path ?? '*'} element={ui} />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

/** A page with toasts, a memory router and a fresh query client that holds nothing: it asks the (fake) server. */
export function renderWithToasts(page: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ToastProvider>{page}</ToastProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

/** Where the router went, for a test to read (any path the page's own route does not match). */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}
