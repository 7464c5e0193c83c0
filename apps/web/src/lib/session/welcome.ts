import { AccountTypeSlug, fillLink, linkValues, type AppConfig, type CurrentUser } from '@fc/contract';
import { uiLink } from '../links';

/** The welcome link of a user's account type (APP-11), placeholders filled. */
export function welcomeLink(config: AppConfig | undefined, user: CurrentUser): string | null {
  const type = user.workingAccountType ?? user.accountType;
  const links = config?.loginLinks;
  const template =
    type === 2 ? links?.customer.welcome : type === 1 ? links?.dealer.welcome : type === 0 ? links?.corporate.welcome : undefined;
  if (!template && ![0, 1, 2].includes(type)) return null;
  const link = fillLink(template ?? '/ui/{type}/welcome', linkValues(user, AccountTypeSlug[type]));
  return link.startsWith('/ui/') ? uiLink(link, user, config) : link;
}
