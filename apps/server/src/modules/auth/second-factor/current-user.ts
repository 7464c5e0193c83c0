import type { AppContext } from '../../../context';
import type { SessionPrincipal } from '../../../http/access';
import { secondFactorRequired } from './policy';
import { isEnrolled } from './repo';

/** The second-factor attributes of users/current and users/check (decision 0700). */
export async function secondFactorAttributes(ctx: AppContext, p: SessionPrincipal) {
  const enrolled = ctx.config.MFA_POLICY !== 'off' && !p.ssoUser && (await isEnrolled(ctx.db, p.userId));
  return {
    secondFactor: enrolled ? ('enrolled' as const) : ('none' as const),
    secondFactorRequired: secondFactorRequired(ctx.config.MFA_POLICY, p) ? ('Y' as const) : ('N' as const),
    mfaEnrolmentRequired: p.mfaEnrolmentRequired ? ('Y' as const) : ('N' as const),
  };
}
