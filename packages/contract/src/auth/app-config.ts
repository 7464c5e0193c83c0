import type { AccountTypeSlug } from '../core/account-types';
import { fillLink, linkValues, type LinkViewer } from './config-links';
import { z } from 'zod';
import { promotionsSchema } from './promotions';

const link = z.string();
const loginLink = { page: link, formAction: link, welcome: link };

/** The portal's own pages the app config (APP-13) points at: fixed paths, not settings. */
export const PORTAL_PATHS = {
  homePath: '/',
  applyPath: '/apply/',
  fleetriteCreditBackPath: '/FleetriteCreditBack',
  framePath: '/frame',
  termsConditions: '/ui/toc',
} as const;

/** App config (APP-13) as served by GET /fc-common-api/app-config, camelCased by the client. */
export const appConfigSchema = z.object({
  brandName: z.string(),
  homePath: link,
  applyPath: link,
  fleetriteCreditBackPath: link,
  framePath: link,
  termsConditions: link,
  loginLinks: z.object({
    customer: z.object({ ...loginLink, requestAccount: link }),
    dealer: z.object(loginLink),
    corporate: z.object(loginLink),
  }),
  logoutPath: link,
  alternatePortalPrefix: z.string(),
  /** The beta and production aliases of /ui (APP-02): 'beta' serves /beta/ui/... */
  uiAliases: z.array(z.string()).optional(),
  alternateLogoutUrl: link,
  externalLoginUrl: link,
  programLinks: z.object({
    'dealer-manual': link,
    'customer-manual': link,
    'contact-us': link,
    'international-trucks': link,
    'dealer-locator': link,
  }),
  support: z.object({ phone: z.string(), email: z.string(), hours: z.string() }),
  fiscalYearStartMonth: z.number(),
  showCredit: z.boolean(),
  dateInputFormat: z.literal('YYYYMMDD'),
  /** How far ahead a loyalty enrolment or expiration date may be, in years (docs/decisions/0342). */
  enrolmentMaxYears: z.number(),
  /** The credit-back and bonus offers the public pages describe (promotions.ts). */
  promotions: promotionsSchema,
});
export type AppConfig = z.output<typeof appConfigSchema>;
export type LoginLinks = AppConfig['loginLinks'];

/** The values of a configured link's placeholders; without `type`, `{type}` is left for later. */
/**
 * Every link of the app config with its placeholders filled for a viewer: the server answers GET app-config
 * through this, so no page uses a link with `{directory}` or `{type}` in it. The links of one account type
 * take that type; the viewer's own links (logout, external login, programme links) take the viewer's, and
 * before sign-in keep `{type}` until a user is known (lib/session/logout.ts fills them then).
 */
export function fillAppConfigLinks(config: AppConfig, viewer: LinkViewer | null | undefined): AppConfig {
  const of = (template: string, type?: AccountTypeSlug) => fillLink(template, linkValues(viewer, type));
  const { customer, dealer, corporate } = config.loginLinks;
  const programLinks = Object.fromEntries(Object.entries(config.programLinks).map(([k, v]) => [k, of(v)])) as AppConfig['programLinks'];
  return {
    ...config,
    termsConditions: of(config.termsConditions),
    loginLinks: {
      customer: {
        page: of(customer.page, 'cust'),
        formAction: of(customer.formAction, 'cust'),
        requestAccount: of(customer.requestAccount, 'cust'),
        welcome: of(customer.welcome, 'cust'),
      },
      dealer: { page: of(dealer.page, 'merc'), formAction: of(dealer.formAction, 'merc'), welcome: of(dealer.welcome, 'merc') },
      corporate: {
        page: of(corporate.page, 'corp'),
        formAction: of(corporate.formAction, 'corp'),
        welcome: of(corporate.welcome, 'corp'),
      },
    },
    logoutPath: of(config.logoutPath),
    alternateLogoutUrl: of(config.alternateLogoutUrl),
    externalLoginUrl: of(config.externalLoginUrl),
    programLinks,
  };
}
