import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authEndpoints as e, MessageCode, MfaCode, SECOND_FACTOR_LOGIN_PATH, type AccountTypeSlug } from '@fc/contract';
import type { AppContext } from '../../../context';
import { formPostRefused, principalOf, sessionCookieName, sessionCookieOptions, type SessionPrincipal } from '../../../http/access';
import { actorOf } from '../../../http/actor';
import { route } from '../../../http/endpoint';
import { AppError } from '../../../http/errors';
import { resource, sendData, sendResult } from '../../../http/jsonapi';
import { aliasOfPath } from '../../../http/ui-prefixes';
import { endSession } from '../repo';
import { pickedLanguage, welcomeUrl } from '../service';
import { originOf } from '../routes';
import { startSession } from '../session-start';
import { createThrottles, THROTTLED_MESSAGE } from '../throttle';
import { liveChallenge } from './challenge';
import { challengeCookieName, challengeCookieOptions, uiUrlFor } from './cookies';
import { deleteChallenge } from './repo';
import {
  confirmEnrolment,
  regenerateRecoveryCodes,
  removeSecondFactor,
  secondFactorStatus,
  startEnrolment,
  verifySession,
  type SecondFactorUser,
} from './service';
import { checkCode } from './verify';

const userOf = (req: FastifyRequest, p: SessionPrincipal): SecondFactorUser => ({
  ...actorOf(req),
  userId: p.userId,
  username: p.username,
  accountType: p.accountType,
  grantedTasks: p.grantedTasks,
  isAdmin: p.isAdmin,
  ssoUser: p.ssoUser,
});

/** The second factor's routes (decision 0700): the sign-in's code step, enrolment and management, step-up. */
export const secondFactorRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const throttles = createThrottles(ctx);

    /** Locked out by failed codes or passwords while signed in: the session ends too (401, code 5). */
    const endSessionWhenLocked = async (req: FastifyRequest, reply: FastifyReply, err: unknown) => {
      if (err instanceof AppError && err.status === 401 && err.code === MessageCode.AccountLocked && req.principal) {
        await endSession(ctx.db, req.principal.sessionIdHash);
        reply.clearCookie(sessionCookieName(ctx), sessionCookieOptions(ctx));
      }
      throw err;
    };

    // The code page asks who is signing in and until when; 401 mfa-expired when there is no live challenge.
    route(app, e.secondFactorChallenge, async (req, reply) => {
      const found = await liveChallenge(ctx, req.cookies[challengeCookieName(ctx)]);
      if (!found) throw new AppError(401, MfaCode.Expired, 'The time to enter the code ran out. Please log in again.');
      return sendData(reply, [
        resource('second-factor-challenge', 'current', { username: found.user.username, expiresAt: found.challenge.expiresAt }),
      ]);
    });

    // The code step's form post: a TOTP code (CODE) or a recovery code (RECOVERY_CODE); the session starts here.
    route(
      app,
      e.secondFactorLogin,
      async (req, reply) => {
        const cookie = challengeCookieName(ctx);
        const found = await liveChallenge(ctx, req.cookies[cookie]);
        const alias = found ? found.challenge.alias : aliasOfPath(ctx.config, req.headers.referer);
        const back = (message: string) =>
          reply.redirect(
            `${uiUrlFor(ctx, found?.user ?? { alternatePortalUser: false }, alias, SECOND_FACTOR_LOGIN_PATH)}?MESSAGE=${message}`,
            303,
          );
        if (formPostRefused(req, ctx)) return back(MessageCode.SessionCreationFailed);
        if (!found || found.user.disabled) {
          reply.clearCookie(cookie, challengeCookieOptions(ctx));
          return back(MfaCode.Expired);
        }
        const user = found.user;
        const attempt = await throttles.loginAttempt(req, user.username);
        if (attempt.refused) return back(THROTTLED_MESSAGE);
        const typed = (req.body.RECOVERY_CODE ?? '').trim() || (req.body.CODE ?? '').trim();
        if (!typed) return back(MfaCode.Invalid);
        const result = await checkCode(ctx, { userId: user.id, username: user.username, requestId: req.id }, typed, 'sign-in');
        if (!result.ok) {
          req.log.info(
            { event: result.locked ? 'account-locked' : 'login-failure', reason: 'second-factor', userId: user.id },
            'code refused',
          );
          if (!result.locked) return back(MfaCode.Invalid);
          await deleteChallenge(ctx.db, found.tokenHash);
          reply.clearCookie(cookie, challengeCookieOptions(ctx));
          return back(MessageCode.AccountLocked);
        }
        await attempt.succeeded();
        reply.clearCookie(cookie, challengeCookieOptions(ctx));
        // Used once: a second post with the same cookie (another tab, a replay) finds nothing.
        if (!(await deleteChallenge(ctx.db, found.tokenHash))) return back(MfaCode.Expired);
        const started = await startSession(ctx, originOf(req), user, {
          type: found.challenge.formType as AccountTypeSlug,
          language: pickedLanguage(req.body.LANGUAGE) ?? found.challenge.language,
          secondFactor: result.kind,
        });
        if (!started.ok) return back(started.message);
        reply.setCookie(sessionCookieName(ctx), started.token, sessionCookieOptions(ctx));
        const welcome = welcomeUrl(ctx, user, alias);
        return reply.redirect(started.message ? `${welcome}${welcome.includes('?') ? '&' : '?'}MESSAGE=${started.message}` : welcome, 303);
      },
      { config: { formToken: 'route' } },
    );

    const enrolling = { config: { beforeEnrolment: true } } as const;

    route(
      app,
      e.secondFactor,
      async (req, reply) => {
        const p = principalOf(req);
        return sendData(reply, [resource('second-factor', p.userId, { ...(await secondFactorStatus(ctx, userOf(req, p))) })]);
      },
      enrolling,
    );

    route(app, e.startEnrolment, async (req, reply) => sendResult(reply, await startEnrolment(ctx, userOf(req, principalOf(req)))), {
      config: { beforeEnrolment: true, stepUp: true },
    });

    route(
      app,
      e.confirmEnrolment,
      async (req, reply) => sendResult(reply, await confirmEnrolment(ctx, userOf(req, principalOf(req)), req.body.code)),
      enrolling,
    );

    route(
      app,
      e.removeSecondFactor,
      async (req, reply) => {
        await removeSecondFactor(ctx, userOf(req, principalOf(req)), req.body).catch((err) => endSessionWhenLocked(req, reply, err));
        return sendResult(reply, {});
      },
      { config: { stepUp: true } },
    );

    route(
      app,
      e.newRecoveryCodes,
      async (req, reply) => {
        const codes = await regenerateRecoveryCodes(ctx, userOf(req, principalOf(req)), req.body.code).catch((err) =>
          endSessionWhenLocked(req, reply, err),
        );
        return sendResult(reply, codes);
      },
      { config: { stepUp: true } },
    );

    // The step-up check: the password, or a code for users with a second factor.
    route(
      app,
      e.verifySession,
      async (req, reply) => {
        const p = principalOf(req);
        if (ctx.config.MFA_POLICY === 'off' || p.ssoUser) return sendResult(reply, { verifiedAt: p.verifiedAt });
        const verifiedAt = await verifySession(ctx, { ...userOf(req, p), sessionIdHash: p.sessionIdHash }, req.body).catch((err) =>
          endSessionWhenLocked(req, reply, err),
        );
        return sendResult(reply, { verifiedAt });
      },
      enrolling,
    );
  };
