import { AccountTypeSlug, type AccountType } from '../core/account-types';

// Apart from the app config's schema (app-config.ts): the public pages fill their links with these (decision 0950).

export interface LinkValues {
  directory: 'int-pro' | 'msc-pro';
  type?: AccountTypeSlug;
}

/** Replace every `{directory}` and `{type}` in a configured link (APP-14). */
export function fillLink(template: string, values: LinkValues): string {
  const filled = template.replaceAll('{directory}', values.directory);
  return values.type ? filled.replaceAll('{type}', values.type) : filled;
}

/** int-pro for alternate-portal users, msc-pro otherwise (APP-14). */
export function userDirectory(alternatePortalUser: string | boolean | null | undefined): 'int-pro' | 'msc-pro' {
  return alternatePortalUser === 'Y' || alternatePortalUser === true ? 'int-pro' : 'msc-pro';
}

/** What the placeholders need to know of the user: the server's row (boolean flag) or the browser's 'Y'/'N'. */
export interface LinkViewer {
  accountType: number;
  workingAccountType?: number | null;
  alternatePortalUser?: string | boolean | null;
}

/**
 * The placeholder values of a link for a viewer (null before sign-in): `{directory}` is int-pro for an
 * alternate-portal user and msc-pro otherwise; `{type}` is `type` when the link belongs to an account type
 * (the dealer's login page), else the viewer's own (working) type, else unknown.
 */
export function linkValues(viewer: LinkViewer | null | undefined, type?: AccountTypeSlug): LinkValues {
  const own = viewer ? AccountTypeSlug[(viewer.workingAccountType ?? viewer.accountType) as AccountType] : undefined;
  return { directory: userDirectory(viewer?.alternatePortalUser), type: type ?? own };
}
