import { fillLink, linkValues, lookupMessage, MfaCode, type AppConfig, type CurrentUser } from '@fc/contract';

/** Where a 401 or 403 sends the browser: a page of this app (router path) or another address (page load). */
export type UnauthorizedTarget = { navigate: string } | { assign: string };

/**
 * Rule APP-10: on a 401 or 403 from any call the browser goes to the login page: /ui/home, the
 * framework login address for framework calls, or the external login for alternate-portal and
 * single-sign-on users. A catalogue code in the answer (213 session expired, 6, 209) rides along as MESSAGE
 * where the page is ours. A session that must enrol a second factor first (issue 19) goes to the enrolment page.
 */
export function unauthorizedTarget(input: {
  status: number;
  code: string | undefined;
  path: string;
  user: CurrentUser | null | undefined;
  config: AppConfig | undefined;
}): UnauthorizedTarget {
  const { code, path, user, config } = input;
  // A session held to enrolment (issue 19): the enrolment page, wherever the call came from.
  if (input.status === 403 && code === MfaCode.EnrolmentRequired) return { navigate: '/second-factor/enrol' };
  const values = linkValues(user);
  if (user && (user.alternatePortalUser === 'Y' || user.ssoUser === 'Y') && config?.externalLoginUrl) {
    return { assign: fillLink(config.externalLoginUrl, values) };
  }
  const message = lookupMessage(code) ? `?MESSAGE=${encodeURIComponent(code!)}` : '';
  if (path.startsWith('/framework/') && config) {
    const links = config.loginLinks;
    const type = values.type ?? 'cust';
    const page = type === 'cust' ? links.customer.page : type === 'merc' ? links.dealer.page : links.corporate.page;
    if (page) return { assign: `${fillLink(page, { ...values, type })}${message}` };
  }
  return { navigate: `/home${message}` };
}
