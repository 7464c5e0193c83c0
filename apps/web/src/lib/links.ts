import type { AppConfig } from '@fc/contract';

/**
 * The app is served under /ui, or /{alternate prefix}/ui for alternate-portal users (APP-06),
 * and under the beta and production aliases /beta/ui and /prod/ui (APP-02).
 * The router's basename is whichever the page was opened under.
 */
export function basePath(pathname = window.location.pathname): string {
  const m = /^(\/[a-z0-9-]+)?\/ui(?=\/|$)/.exec(pathname);
  return m ? m[0] : '/ui';
}

/** What a link needs to know of the app configuration. */
export type LinkConfig = Pick<AppConfig, 'alternatePortalPrefix' | 'uiAliases'> | undefined;

/**
 * A link to a portal page (APP-06): /ui/... , or /{prefix}/ui/... for a user whose
 * alternatePortalUser is 'Y'; under the beta or production alias when the page was opened under one (links
 * are kept under the prefix the user came in on). Before a user is known, the prefix the page itself was
 * opened under.
 */
export function uiLink(path: string, user?: { alternatePortalUser?: string } | null, config?: LinkConfig): string {
  const rel = path.replace(/^\/?(ui\/)?/, '');
  const current = basePath();
  const alias = (config?.uiAliases ?? ['beta', 'prod']).find((a) => current === `/${a}/ui`);
  const alternate = config?.alternatePortalPrefix;
  const prefix = !user ? current : user.alternatePortalUser === 'Y' && alternate ? `/${alternate}/ui` : alias ? `/${alias}/ui` : '/ui';
  return `${prefix}/${rel}`;
}

export function openPopup(url: string, width: number, height: number, name = '_blank') {
  window.open(url, name, `width=${width},height=${height},noopener,noreferrer`);
}
