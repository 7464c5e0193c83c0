import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authEndpoints as e, MessageCode, SECOND_FACTOR_ENROL_PATH, SECOND_FACTOR_LOGIN_PATH } from '@fc/contract';
import type { AppContext } from '../../context';
import { formPostRefused, principalOf, sessionCookieName, sessionCookieOptions, type SessionPrincipal } from '../../http/access';
import { actorOf } from '../../http/actor';
import { route } from '../../http/endpoint';
import { resource, sendData, sendResult } from '../../http/jsonapi';
import { aliasOfPath, underAlias } from '../../http/ui-prefixes';
import { isSlug, login, loginPageUrl, logout, safeReferrer, setLanguage, welcomeUrl } from './service';
import { touchSession } from './repo';
import { AppError, notFound } from '../../http/errors';
import { findOpenRequest, queueResetRequest, resetPassword, resetRequestsSettled } from './reset';
import { getProfile, updateProfile } from './profile';
import { createThrottles, THROTTLED_MESSAGE } from './throttle';
import { openChallenge } from './second-factor/challenge';
import { challengeCookieName, challengeCookieOptions, uiUrlFor } from './second-factor/cookies';
import { secondFactorAttributes } from './second-factor/current-user';
import type { Caller, SessionOrigin } from './session-start';

/** Who acts, with the request's logger: what the auth services take instead of the request (issue 18). */
export const callerOf = (req: FastifyRequest): Caller => ({ ...actorOf(req), log: req.log });

/** The request a session starts from (a sign-in: its address, browser, and the session it replaces). */
export const originOf = (req: FastifyRequest): SessionOrigin => ({
  requestId: req.id,
  ip: req.ip,
  userAgent: String(req.headers['user-agent'] ?? ''),
  previousSessionHash: req.principal?.sessionIdHash,
  log: req.log,
});

export async function currentUserResource(ctx: AppContext, p: SessionPrincipal) {
  return resource('users', p.userId, {
    username: p.username,
    fullName: p.fullName,
    accountType: p.accountType,
    workingAccountType: p.workingAccountType ?? null,
    alternatePortalUser: p.alternatePortalUser ? 'Y' : 'N',
    ssoUser: p.ssoUser ? 'Y' : 'N',
    grantedTasks: [...p.grantedTasks],
    language: p.language,
    custNo: p.custNo,
    merchantNo: p.merchantNo,
    ...(await secondFactorAttributes(ctx, p)),
  });
}

/** Attribute names as the specification writes them (and sessionTimeoutSchema reads them): not kebab-cased. */
function timeoutResource(ctx: AppContext, lastTouch: Date) {
  return {
    ...resource('session-timeout', 'current', {}),
    attributes: {
      warning_alert_minutes: ctx.config.SESSION_WARNING_MINUTES,
      full_session_minutes: ctx.config.SESSION_FULL_MINUTES,
      last_touch: lastTouch.toISOString(),
      server_time: new Date().toISOString(),
    },
  };
}

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const cookieName = sessionCookieName(ctx);
    const cookieOptions = sessionCookieOptions(ctx);
    const throttles = createThrottles(ctx);

    // The classic login form post (AUTH-04).
    route(
      app,
      e.login,
      async (req, reply) => {
        const { type } = req.params;
        if (!isSlug(type)) throw notFound();
        const body = req.body;
        const back = safeReferrer(ctx, body.REFERRER_URL, type);
        // Without the form token of its cookie (a page of another site, or a page opened before cookies were
        // cleared): back to the form, whose reload brings a new token (211: session creation failed, reload).
        if (formPostRefused(req, ctx)) {
          req.log.info({ event: 'login-refused', reason: 'form-token' }, 'sign-in refused: form token');
          return reply.redirect(`${back}?MESSAGE=${MessageCode.SessionCreationFailed}`, 303);
        }
        // The form expects a page, not JSON: a throttled sign-in goes back to the form with a message.
        // The attempt is counted before the password is checked (a failure unless it succeeds).
        const attempt = await throttles.loginAttempt(req, body.USERNAME);
        if (attempt.refused) return reply.redirect(`${back}?MESSAGE=${THROTTLED_MESSAGE}`, 303);
        const outcome = await login(
          ctx,
          originOf(req),
          { type, username: body.USERNAME, password: body.PASSWORD, language: body.LANGUAGE },
          throttles.phantomLock,
        );
        if (!outcome.ok) return reply.redirect(`${back}?MESSAGE=${outcome.message}`, 303);
        await attempt.succeeded();
        const alias = aliasOfPath(ctx.config, back);
        // The code step of a user with a second factor (decision 0700): no session yet, a challenge instead.
        if (outcome.secondFactor) {
          const challenge = await openChallenge(ctx, { userId: outcome.user.id, formType: type, alias, language: outcome.language });
          reply.setCookie(challengeCookieName(ctx), challenge.token, challengeCookieOptions(ctx));
          return reply.redirect(uiUrlFor(ctx, outcome.user, alias, SECOND_FACTOR_LOGIN_PATH), 303);
        }
        reply.setCookie(cookieName, outcome.token, cookieOptions);
        if (outcome.mfaEnrolmentRequired) return reply.redirect(uiUrlFor(ctx, outcome.user, alias, SECOND_FACTOR_ENROL_PATH), 303);
        // Under the beta or production alias when the form was posted from a page under it.
        const welcome = welcomeUrl(ctx, outcome.user, alias);
        return reply.redirect(outcome.message ? `${welcome}${welcome.includes('?') ? '&' : '?'}MESSAGE=${outcome.message}` : welcome, 303);
      },
      { config: { formToken: 'route' } },
    );

    // Sign-out changes state, so it is a POST (a form post from the portal's own pages): the CSRF check of
    // http/access.ts refuses one from another site, which could otherwise sign a user out with a link or an
    // image. There is no GET. reason=timeout: the session-timeout mechanism signed the user out, which the
    // home page says (213).
    route(
      app,
      e.logout,
      async (req, reply) => {
        const alternate = req.principal?.alternatePortalUser;
        // The home page under the prefix the user came in on (the page that posted: its Referer).
        const home = alternate
          ? `/${ctx.config.ALTERNATE_PORTAL_PREFIX}/ui/home`
          : underAlias('/ui/home', aliasOfPath(ctx.config, req.headers.referer));
        // A form post without its token changes nothing (217: the user is told to close the browser).
        if (formPostRefused(req, ctx)) {
          req.log.info({ event: 'logout-refused', reason: 'form-token' }, 'sign-out refused: form token');
          return reply.redirect(`${home}?MESSAGE=${MessageCode.LogoutError}`, 303);
        }
        const ended = await logout(ctx, callerOf(req));
        reply.clearCookie(cookieName, cookieOptions);
        const message = !ended
          ? MessageCode.LogoutError
          : req.query.reason === 'timeout'
            ? MessageCode.SessionExpired
            : MessageCode.LoggedOut;
        return reply.redirect(`${home}?MESSAGE=${message}`, 303);
      },
      { config: { formToken: 'route' } },
    );

    route(app, e.currentUser, async (req, reply) => sendData(reply, [await currentUserResource(ctx, principalOf(req))]), {
      config: { beforeEnrolment: true },
    });

    // Logged-in checks: public, an empty list when nobody is signed in (/self: the same, outside the API).
    const check = async (req: FastifyRequest, reply: FastifyReply) =>
      sendData(reply, req.principal ? [await currentUserResource(ctx, req.principal)] : []);
    route(app, e.checkUser, check);
    app.get('/self', { config: { access: 'public' } }, check);

    route(app, e.sessionTimeout, async (req, reply) => sendData(reply, [timeoutResource(ctx, principalOf(req).lastTouch)]), {
      config: { beforeEnrolment: true },
    });

    // The ping that Continue sends; the only call that refreshes last_touch.
    route(
      app,
      e.pingSession,
      async (req, reply) => {
        const lastTouch = await touchSession(ctx.db, principalOf(req).sessionIdHash);
        return sendData(reply, [timeoutResource(ctx, lastTouch)]);
      },
      { config: { beforeEnrolment: true } },
    );

    route(app, e.setLanguage, async (req, reply) => {
      const p = principalOf(req);
      await setLanguage(ctx, { ...actorOf(req), userId: p.userId }, p.sessionIdHash, req.body.language);
      return sendResult(reply, { language: req.body.language });
    });

    // Forgot password (AUTH-05, AUTH-13): the same answer whether or not the username exists, sent
    // before any of the work (which differs between the two), so its timing tells nothing either.
    const resetAfterAnswer = new WeakMap<FastifyRequest, string>();
    app.addHook('onClose', async () => resetRequestsSettled(ctx));
    route(
      app,
      e.createResetPasswordRequest,
      async (req, reply) => {
        await throttles.resetRequest(req, req.body.user);
        resetAfterAnswer.set(req, req.body.user);
        return sendResult(reply, {});
      },
      {
        onResponse: async (req) => {
          const username = resetAfterAnswer.get(req);
          if (username !== undefined) queueResetRequest(ctx, callerOf(req), username);
        },
      },
    );

    // The change-password page checks the e-mailed token first; a bad one is a 404 (the page shows 404 too).
    route(app, e.checkPasswordRequest, async (req, reply) => {
      const open = await findOpenRequest(ctx, req.params.token);
      if (!open) throw notFound('not-found', 'This password-reset link is invalid, expired or already used.');
      reply.header('cache-control', 'no-store');
      return sendData(reply, [resource('password-reset-request', 'current', { username: open.user.username, expiresAt: open.expiresAt })]);
    });

    // Success answers code 7 (data[0].code); 503 and 9 are 400s naming the password; a bad token 107.
    route(app, e.resetPassword, async (req, reply) => {
      await resetPassword(ctx, callerOf(req), req.body.token, req.body.password);
      return sendResult(reply, { code: MessageCode.PasswordChanged });
    });

    route(app, e.profile, async (req, reply) => {
      const p = principalOf(req);
      const profile = await getProfile(ctx, p.userId);
      if (!profile) throw new AppError(401, MessageCode.LoginRequired, 'Sign in to use this page.');
      return sendData(reply, [resource('profile', p.userId, profile)]);
    });

    route(app, e.updateProfile, async (req, reply) =>
      sendResult(reply, await updateProfile(ctx, callerOf(req), principalOf(req), req.body)),
    );

    route(app, e.loginLinks, async (_req, reply) =>
      sendData(reply, [
        resource('login-links', 'current', {
          cust: loginPageUrl(ctx, 'cust'),
          merc: loginPageUrl(ctx, 'merc'),
          corp: loginPageUrl(ctx, 'corp'),
        }),
      ]),
    );
  };
