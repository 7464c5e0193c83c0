import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  CSRF_COOKIE,
  CSRF_FIELD,
  CSRF_TOKEN_PATTERN,
  SECURE_CSRF_COOKIE,
  permissions,
  WRITE_METHODS,
  WRITE_RULES,
  type AccountType,
  type PermissionName,
  type Principal,
} from '@fc/contract';
import type { AppContext } from '../context';
import { sessions } from '../db/schema/index';
import { errorObject, sendErrors } from './errors';
import { sessionRow, type SessionRow } from './session-lookup';

/** Who may call a route: everyone, or holders of a named permission of the contract. */
export type Access = 'public' | PermissionName;

/**
 * Why a write route's declaration does not match the contract's table of writes (WRITE_RULES), or
 * undefined when it does: every write needs a row, and declares the row's access.
 */
export function writeRuleProblem(method: string, url: string, access: Access | undefined): string | undefined {
  if (!WRITE_METHODS.includes(method)) return undefined;
  const row = (WRITE_RULES as Record<string, { access: Access } | undefined>)[`${method} ${url}`];
  if (!row) return `Write route ${method} ${url} has no row in WRITE_RULES (packages/contract/src/core/writes.ts)`;
  if (row.access !== access) return `Write route ${method} ${url} declares access ${String(access)}, but WRITE_RULES says ${row.access}`;
  return undefined;
}

export interface SessionPrincipal extends Principal {
  userId: number;
  username: string;
  fullName: string;
  sessionIdHash: string;
  lastTouch: Date;
  custNo: number | null;
  merchantNo: number | null;
  alternatePortalUser: boolean;
  ssoUser: boolean;
  isAdmin: boolean;
  language: number;
  /** The session's last password or code check (sign-in or step-up; decision 0700). */
  verifiedAt: Date;
  /** The session may only enrol a second factor (MFA_POLICY requires one the user has not set up). */
  mfaEnrolmentRequired: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * 'route': a form post whose token fails is left to the handler (formTokenValid), to answer with a page.
     * 'none': no token is issued (the probes: a load balancer has no form to post, and they are polled often).
     */
    formToken?: 'route' | 'none';
    /**
     * false: a request that only watches (a job's status poll, a probe); background jobs do not slow down
     * for it as they do for the portal's other requests (jobs/foreground.ts).
     */
    interactive?: false;
  }
  interface FastifyRequest {
    principal: SessionPrincipal | null;
    /** Set when the cookie named a session that the server ended for inactivity (message 213). */
    sessionExpired: boolean;
    /** Set when the cookie named a session that reached its absolute lifetime, SESSION_MAX_HOURS (session-lifetime). */
    sessionLifetimeEnded: boolean;
  }
  interface FastifyInstance {
    routeAccess: { method: string; url: string; access: Access; fromContract: boolean }[];
  }
}

export const SESSION_COOKIE = 'fc_session';
/** The named message (NAMED_MESSAGES) of a session ended by its absolute lifetime. */
export const SESSION_LIFETIME_MESSAGE = 'session-lifetime';
export const SECURE_SESSION_COOKIE = '__Host-fc_session';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

export function sessionCookieName(ctx: AppContext) {
  return ctx.config.secureCookies ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** The session cookie's attributes: set at sign-in, and the same again to clear it. */
export function sessionCookieOptions(ctx: AppContext) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: ctx.config.secureCookies };
}

export function csrfCookieName(ctx: AppContext) {
  return ctx.config.secureCookies ? SECURE_CSRF_COOKIE : CSRF_COOKIE;
}

/** The form token's cookie: our own pages' script reads it into the form, so it is not HttpOnly; Strict keeps it off cross-site posts. */
export function csrfCookieOptions(ctx: AppContext) {
  return { path: '/', httpOnly: false, sameSite: 'strict' as const, secure: ctx.config.secureCookies };
}

const isFormPost = (req: FastifyRequest) => String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

/** True when a form post carries the token of its cookie (double submit), compared in constant time. */
export function formTokenValid(req: FastifyRequest, ctx: AppContext): boolean {
  const cookie = req.cookies?.[csrfCookieName(ctx)];
  const field = (req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD];
  if (typeof cookie !== 'string' || typeof field !== 'string') return false;
  if (!CSRF_TOKEN_PATTERN.test(cookie) || !CSRF_TOKEN_PATTERN.test(field)) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(field));
}

/** A form post without its token (other calls are defended by X-Requested-With instead). */
export function formPostRefused(req: FastifyRequest, ctx: AppContext): boolean {
  return isFormPost(req) && !formTokenValid(req, ctx);
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Loads the session named by the cookie, refuses undeclared routes at registration, enforces each route's
 * declared access, and defends state-changing requests against cross-site forgery.
 */
export function registerAccess(app: FastifyInstance, ctx: AppContext) {
  app.decorate('routeAccess', []);
  app.decorateRequest('principal', null);
  app.decorateRequest('sessionExpired', false);
  app.decorateRequest('sessionLifetimeEnded', false);

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => m === 'HEAD' || m === 'OPTIONS')) return;
    const exempt = ['/fc-common-api/docs', '/ui/', `/${ctx.config.ALTERNATE_PORTAL_PREFIX}/ui/`].some((p) => route.url.startsWith(p));
    if (!access && !exempt) {
      throw new Error(`Route ${methods.join(',')} ${route.url} declares no access (config.access)`);
    }
    for (const m of methods) {
      const problem = writeRuleProblem(m, route.url, access);
      if (problem) throw new Error(problem);
    }
    const fromContract = !!route.config?.endpoint;
    for (const m of methods)
      if (m !== 'HEAD') app.routeAccess.push({ method: m, url: route.url, access: access ?? 'public', fromContract });
  });

  const allowedOrigins = new Set([new URL(ctx.config.PUBLIC_URL).origin]);

  // Synchronous hooks (callback style): a list request on a kept session settles every check without a
  // promise or a turn of the event loop (issue 22); only a session read from the database waits.
  app.addHook('onRequest', (req, reply, done) => {
    if (UNSAFE.has(req.method) && !isSameOrigin(req, allowedOrigins)) {
      void sendErrors(reply, 403, [errorObject(403, 'csrf', 'Cross-site request refused.')]);
      return;
    }
    // Every page and call of a browser without the form token gets one (hashed assets excepted: they are cached).
    if ((req.method === 'GET' || req.method === 'HEAD') && !req.url.includes('/assets/') && req.routeOptions.config?.formToken !== 'none') {
      const name = csrfCookieName(ctx);
      const held = req.cookies?.[name];
      if (!held || !CSRF_TOKEN_PATTERN.test(held)) reply.setCookie(name, newToken(), csrfCookieOptions(ctx));
    }
    const access = req.routeOptions.config?.access ?? 'public';
    const loading = loadPrincipal(req, ctx);
    if (!loading) {
      if (!refuseUnless(req, reply, access)) done();
      return;
    }
    // After a wait, a failure of the check goes to the error handler too (not an unhandled rejection).
    loading.then(() => {
      let refused;
      try {
        refused = refuseUnless(req, reply, access);
      } catch (err) {
        done(err as Error);
        return;
      }
      if (!refused) done();
    }, done);
  });

  // An answer to a signed-in user (or of a route that needs one) is that user's: no browser or proxy cache
  // keeps it (issue 16). The web app's files are the same for everyone and keep their own caching.
  const uiPrefixes = ['/ui/', `/${ctx.config.ALTERNATE_PORTAL_PREFIX}/ui/`];
  app.addHook('onSend', (req, reply, payload, done) => {
    const access = req.routeOptions.config?.access ?? 'public';
    if (req.principal || access !== 'public') {
      const url = req.url.split('?')[0]!;
      const ui = uiPrefixes.some((p) => url.startsWith(p) || url === p.slice(0, -1));
      if (!ui) reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });

  // A form post also carries the token of its cookie (read once the body is parsed, before validation).
  app.addHook('preValidation', (req, reply, done) => {
    if (UNSAFE.has(req.method) && req.routeOptions.config?.formToken !== 'route' && formPostRefused(req, ctx)) {
      void sendErrors(reply, 403, [errorObject(403, 'csrf', 'Cross-site request refused.')]);
      return;
    }
    done();
  });
}

/** Answers 401 or 403 when the signed-in user (req.principal) may not call a route of this access. */
function refuseUnless(req: FastifyRequest, reply: FastifyReply, access: Access) {
  if (access === 'public') return;
  if (!req.principal) {
    const code = req.sessionLifetimeEnded ? SESSION_LIFETIME_MESSAGE : req.sessionExpired ? '213' : '6';
    const detail = req.sessionLifetimeEnded
      ? 'Your session reached its maximum length. Please log in again.'
      : req.sessionExpired
        ? 'Your session expired due to inactivity. Please log in again.'
        : 'Sign in to use this page.';
    return sendErrors(reply, 401, [errorObject(401, code, detail)]);
  }
  if (!permissions[access].check(req.principal)) {
    return sendErrors(reply, 403, [errorObject(403, '209', 'You do not have permission to access this resource.')]);
  }
}

/**
 * An onRequest hook for the routes of a plugin registered before the access checks (the API reference of
 * @fastify/swagger-ui): loads the session itself and refuses callers without `access`.
 */
export function requireAccess(ctx: AppContext, access: Access) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.principal) await loadPrincipal(req, ctx);
    reply.header('cache-control', 'no-store');
    return refuseUnless(req, reply, access);
  };
}

/**
 * A form post (the login form) must come from our own origin (Origin or Referer), and carries the form
 * token too (the preValidation hook above); any other unsafe call
 * must carry X-Requested-With, which a cross-site form cannot set and a cross-site script cannot send
 * without a CORS preflight that this server never grants.
 */
function isSameOrigin(req: FastifyRequest, allowed: Set<string>): boolean {
  const origin = req.headers.origin;
  const own = `${req.protocol}://${req.headers.host}`;
  if (origin && origin !== 'null') {
    if (!allowed.has(origin) && origin !== own) return false;
  }
  const type = String(req.headers['content-type'] ?? '');
  if (type.startsWith('application/x-www-form-urlencoded')) {
    if (origin && origin !== 'null') return true;
    const referer = req.headers.referer;
    if (!referer) return false;
    try {
      const r = new URL(referer).origin;
      return allowed.has(r) || r === own;
    } catch {
      return false;
    }
  }
  return typeof req.headers['x-requested-with'] === 'string';
}

/**
 * Sets req.principal from the session the cookie names. Settles at once (answers undefined) when there is
 * no session cookie or the session is kept in memory and still open; answers a promise when the session must
 * be read from the database, or ended.
 */
function loadPrincipal(req: FastifyRequest, ctx: AppContext): Promise<void> | undefined {
  const token = req.cookies?.[sessionCookieName(ctx)];
  if (!token || token.length > 200) return;
  const idHash = hashToken(token);
  const row = ctx.principals?.get(idHash);
  return row ? admitSession(req, ctx, idHash, row) : readSession(req, ctx, idHash);
}

async function readSession(req: FastifyRequest, ctx: AppContext, idHash: string) {
  const cache = ctx.principals;
  const generation = cache?.generation() ?? 0;
  const row = await sessionRow(ctx.db, idHash);
  if (!row) return;
  cache?.set(idHash, row, generation);
  await admitSession(req, ctx, idHash, row);
}

/** The session's principal, unless it is idle or too old: then the server ends it (a promise). */
function admitSession(req: FastifyRequest, ctx: AppContext, idHash: string, row: SessionRow): Promise<void> | undefined {
  const idleMs = Date.now() - row.lastTouch.getTime();
  // ASVS 3.3.2: however active, a session lasts at most SESSION_MAX_HOURS from its sign-in.
  const ageMs = Date.now() - row.createdAt.getTime();
  const tooOld = ageMs > ctx.config.SESSION_MAX_HOURS * 3_600_000;
  if (row.disabled || tooOld || idleMs > ctx.config.SESSION_FULL_MINUTES * 60_000) {
    // The server ends an idle or too old session on its own; the browser shows message 213 or session-lifetime.
    req.sessionLifetimeEnded = !row.disabled && tooOld;
    req.sessionExpired = !row.disabled && !tooOld;
    return endSession(ctx, idHash);
  }
  req.principal = {
    userId: row.userId,
    username: row.username,
    fullName: row.fullName,
    accountType: row.accountType as AccountType,
    workingAccountType: (row.workingAccountType as AccountType | null) ?? null,
    grantedTasks: row.grantedTasks,
    sessionIdHash: idHash,
    lastTouch: row.lastTouch,
    custNo: row.custNo,
    merchantNo: row.merchantNo,
    alternatePortalUser: row.alternatePortalUser,
    ssoUser: row.ssoUser,
    isAdmin: row.isAdmin,
    // The language picked on the login page for this session, else the saved one (decision 0401).
    language: row.sessionLanguage ?? row.language,
    verifiedAt: row.verifiedAt,
    mfaEnrolmentRequired: row.mfaEnrolmentRequired,
  };
  return undefined;
}

async function endSession(ctx: AppContext, idHash: string) {
  await ctx.db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(eq(sessions.idHash, idHash));
}

/** The signed-in user of a route that declared a permission (never null there). */
export function principalOf(req: FastifyRequest): SessionPrincipal {
  if (!req.principal) throw new Error('principalOf called on a public route');
  return req.principal;
}

export type { FastifyReply };
