import type { FastifyInstance } from 'fastify';
import { MfaCode } from '@fc/contract';
import type { Config } from '../../../config';
import type { AppContext } from '../../../context';
import { errorObject, sendErrors, AppError } from '../../../http/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A sensitive change: refused with 403 step-up-required when the last check is older than STEP_UP_MINUTES. */
    stepUp?: true;
    /** Open to a session held to enrolment (mfa_enrolment_required): users/current, the second-factor calls... */
    beforeEnrolment?: true;
  }
}

/** What the step-up check looks at: the session's last check, and whether the user signs in through SSO. */
export interface StepUpSubject {
  verifiedAt: Date;
  ssoUser: boolean;
}

/** True when a sensitive change needs a fresh password or code check first (never with MFA_POLICY=off or SSO). */
export function stepUpNeeded(config: Pick<Config, 'MFA_POLICY' | 'STEP_UP_MINUTES'>, p: StepUpSubject, now = Date.now()): boolean {
  if (config.MFA_POLICY === 'off' || p.ssoUser) return false;
  return now - p.verifiedAt.getTime() > config.STEP_UP_MINUTES * 60_000;
}

export const stepUpRequired = () =>
  new AppError(403, MfaCode.StepUpRequired, 'Confirm your password or a code first (POST /fc-common-api/session/verify).');

/** The step-up guard for a change decided inside a handler (the e-mail of a profile, an approval). */
export function assertStepUp(config: Pick<Config, 'MFA_POLICY' | 'STEP_UP_MINUTES'>, p: StepUpSubject | null): void {
  if (p && stepUpNeeded(config, p)) throw stepUpRequired();
}

/**
 * The enrolment gate and the step-up guard, as hooks of every route: a session held to enrolment may call
 * only the routes marked `beforeEnrolment` (and public ones); a route marked `stepUp` is refused when the
 * session's last check is too old. Both run after the access check (onRequest), before the body is read.
 */
export function registerSecondFactorGuards(app: FastifyInstance, ctx: AppContext) {
  // Synchronous (callback style): no promise or turn of the event loop per request (issue 22).
  app.addHook('onRequest', (req, reply, done) => {
    const p = req.principal;
    if (p && ctx.config.MFA_POLICY !== 'off') {
      const config = req.routeOptions.config;
      const access = config?.access ?? 'public';
      if (p.mfaEnrolmentRequired && access !== 'public' && !config?.beforeEnrolment) {
        void sendErrors(reply, 403, [
          errorObject(403, MfaCode.EnrolmentRequired, 'Set up a second factor first (your account must use one).'),
        ]);
        return;
      }
      if (config?.stepUp && stepUpNeeded(ctx.config, p)) {
        const e = stepUpRequired();
        void sendErrors(reply, 403, [errorObject(403, e.code, e.message)]);
        return;
      }
    }
    done();
  });
}
