import { sessionEndpoints, CSRF_FIELD, csrfTokenOf, fillLink, linkValues, type AppConfig, type CurrentUser } from '@fc/contract';
import { postSessionMessage } from './channel';

const isOwnPath = (url: string) => url.startsWith('/') && !url.startsWith('//');
/** The portal's own sign-out (a form post answered with a redirect to the home page). */
const OWN_LOGOUT = sessionEndpoints.logout.path;

/**
 * Sign-out goes to the server's logout address (another host for alternate-portal users), placeholders
 * filled. `reason: 'timeout'` makes our own logout say message 213; another host gets its address as configured.
 */
export function logoutUrl(config: AppConfig | undefined, user: CurrentUser | null | undefined, reason?: 'timeout'): string {
  const template = user?.alternatePortalUser === 'Y' ? (config?.alternateLogoutUrl ?? OWN_LOGOUT) : (config?.logoutPath ?? OWN_LOGOUT);
  const url = fillLink(template, linkValues(user));
  if (!reason || !isOwnPath(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}reason=${reason}`;
}

export interface LogoutOptions {
  /** The session timeout signed the user out (message 213), rather than the user. */
  reason?: 'timeout';
  /** Tell the other tabs (SESS-04: logout state is broadcast); false when a tab said so. */
  broadcast?: boolean;
}

/**
 * A form post, as a user's click on a sign-out button would send it: the server's CSRF check wants our Origin
 * and the form token of its cookie.
 */
function postForm(action: string) {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = action;
  form.hidden = true;
  const token = document.createElement('input');
  token.type = 'hidden';
  token.name = CSRF_FIELD;
  token.value = csrfTokenOf(document.cookie) ?? '';
  form.appendChild(token);
  document.body.appendChild(form);
  form.submit();
}

/**
 * Signs out: the other tabs of this browser are told at once, then this one posts to the server's logout
 * endpoint (a POST: sign-out changes state), which answers with the home page. An alternate-portal user's
 * logout address on another host is opened as configured, after our own session is ended.
 */
export function logout(config: AppConfig | undefined, user: CurrentUser | null | undefined, opts: LogoutOptions = {}) {
  if (opts.broadcast !== false) postSessionMessage(opts.reason ? { type: 'logout', reason: opts.reason } : { type: 'logout' });
  const url = logoutUrl(config, user, opts.reason);
  if (isOwnPath(url)) return postForm(url);
  const own = config?.logoutPath && isOwnPath(config.logoutPath) ? config.logoutPath : OWN_LOGOUT;
  void fetch(own, {
    method: 'POST',
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    credentials: 'same-origin',
    redirect: 'manual',
    keepalive: true,
  })
    .catch(() => undefined)
    .finally(() => window.location.assign(url));
}
