import type { EndpointRefs } from '../../core/endpoint';
import type { sessionEndpoints } from './session';

/**
 * The method and path of each session endpoint, written once: the descriptions in session.ts spread them, and
 * the landing page and a list's first frame call them through `sessionEndpointRefs` without loading the
 * descriptions' schemas or zod (decision 0950). This module imports nothing at run time.
 */
export const sessionPaths = {
  appConfig: { method: 'GET', path: '/fc-common-api/app-config' },
  login: { method: 'POST', path: '/framework/login/:type' },
  logout: { method: 'POST', path: '/framework/logout' },
  currentUser: { method: 'GET', path: '/fc-common-api/users/current' },
  checkUser: { method: 'GET', path: '/fc-common-api/users/check' },
  sessionTimeout: { method: 'GET', path: '/fc-common-api/session/timeout' },
  pingSession: { method: 'POST', path: '/fc-common-api/session/ping' },
  setLanguage: { method: 'POST', path: '/fc-common-api/users/language' },
  loginLinks: { method: 'GET', path: '/fc-common-api/login-links' },
} as const;

/** The session endpoints for a caller: method and path, typed by their descriptions. */
export const sessionEndpointRefs: EndpointRefs<typeof sessionEndpoints> = sessionPaths;
