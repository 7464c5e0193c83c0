import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authEndpoints, fillAppConfigLinks, PORTAL_PATHS, type AppConfig } from '@fc/contract';
import type { AppContext } from '../../context';
import { route } from '../../http/endpoint';
import { resource, sendData } from '../../http/jsonapi';
import { uiAliasesOf } from '../../http/ui-prefixes';

/**
 * The app configuration (APP-13), from environment variables, with the links as configured:
 * `{directory}` and `{type}` still in them (the route fills them for whoever asks).
 */
export function appConfig(ctx: AppContext): AppConfig {
  const c = ctx.config;
  const page = c.LOGIN_PAGE_LINK;
  return {
    brandName: c.BRAND_NAME,
    ...PORTAL_PATHS,
    loginLinks: {
      customer: {
        page,
        formAction: c.LOGIN_FORM_ACTION,
        requestAccount: c.REQUEST_ACCOUNT_LINK,
        welcome: c.WELCOME_LINK,
      },
      dealer: {
        page,
        formAction: c.LOGIN_FORM_ACTION,
        welcome: c.WELCOME_LINK,
      },
      corporate: {
        page,
        formAction: c.LOGIN_FORM_ACTION,
        welcome: c.WELCOME_LINK,
      },
    },
    logoutPath: c.LOGOUT_PATH,
    alternatePortalPrefix: c.ALTERNATE_PORTAL_PREFIX,
    uiAliases: uiAliasesOf(c),
    alternateLogoutUrl: c.ALTERNATE_LOGOUT_URL,
    externalLoginUrl: c.EXTERNAL_LOGIN_URL,
    programLinks: {
      'dealer-manual': c.LINK_DEALER_MANUAL,
      'customer-manual': c.LINK_CUSTOMER_MANUAL,
      'contact-us': c.LINK_CONTACT_US,
      'international-trucks': c.LINK_INTERNATIONAL_TRUCKS,
      'dealer-locator': c.LINK_DEALER_LOCATOR,
    },
    support: { phone: c.SUPPORT_PHONE, email: c.SUPPORT_EMAIL, hours: c.SUPPORT_HOURS },
    fiscalYearStartMonth: 10,
    showCredit: false,
    dateInputFormat: 'YYYYMMDD',
    enrolmentMaxYears: c.LOYALTY_ENROLMENT_MAX_YEARS,
    promotions: c.promotions,
  };
}

export const appConfigRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Attribute names stay as the specification writes them (programLinks keys are kebab-case already). The
    // links are filled for the caller: msc-pro before sign-in, int-pro for a signed-in alternate-portal user.
    route(app, authEndpoints.appConfig, async (req, reply) => {
      reply.header('cache-control', 'private, no-cache');
      const attributes: Record<string, unknown> = fillAppConfigLinks(appConfig(ctx), req.principal);
      return sendData(reply, [{ ...resource('app-config', 'current', {}), attributes }]);
    });
  };
