/**
 * The app is served under /ui, or /{alternate prefix}/ui for alternate-portal users (document 1 section 2).
 * The router's basename is whichever the page was opened under.
 */
export function basePath(pathname = window.location.pathname): string {
  const m = /^(\/[a-z0-9-]+)?\/ui(?=\/|$)/.exec(pathname);
  return m ? m[0] : '/ui';
}

/**
 * A link to a portal page (document 1 section 2): /ui/... , or /{prefix}/ui/... for a user whose
 * alternatePortalUser is 'Y'. Before a user is known, the prefix the page itself was opened under.
 */
export function uiLink(path: string, user?: { alternatePortalUser?: string } | null, alternatePrefix?: string): string {
  const rel = path.replace(/^\/?(ui\/)?/, '');
  const prefix = !user ? basePath() : user.alternatePortalUser === 'Y' && alternatePrefix ? `/${alternatePrefix}/ui` : '/ui';
  return `${prefix}/${rel}`;
}

export function openPopup(url: string, width: number, height: number, name = '_blank') {
  window.open(url, name, `width=${width},height=${height},noopener,noreferrer`);
}
