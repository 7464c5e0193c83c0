import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import {
  AccountTypeSlug,
  MessageCode,
  SLUG_TO_ACCOUNT_TYPE,
  USERNAME_MAX,
  PASSWORD_INPUT_MAX,
  fillLink,
  LANGUAGE_CODE,
  LANGUAGES,
  linkValues,
  type AccountType,
  type Language,
  type AccountTypeSlug as Slug,
} from '@fc/contract';
import { underAlias } from '../../http/ui-prefixes';
import type { AppContext } from '../../context';
import { sessions, users } from '../../db/schema/index';
import { audit, type Actor } from '../../audit/audit';
import { burnVerify, verifyPassword } from './passwords';
import { endUserSessions, findUserByUsername, type UserRow } from './repo';
import { isEnrolled } from './second-factor/repo';
import { secondFactorApplies, secondFactorRequired } from './second-factor/policy';
import { startSession, type Caller, type SessionOrigin } from './session-start';

/** The named message (NAMED_MESSAGES) a single-sign-on user gets at the local login form. */
export const SSO_ONLY_MESSAGE = 'sso-only';

export type LoginOutcome =
  | { ok: true; token: string; user: UserRow; message?: MessageCode; mfaEnrolmentRequired?: boolean; secondFactor?: undefined }
  /** The password was right and the user has a second factor: the code step comes next, no session yet. */
  | { ok: true; secondFactor: true; user: UserRow; language: number | null }
  | { ok: false; message: MessageCode | typeof SSO_ONLY_MESSAGE };

/** The lockout of usernames that have no account (in the database beside real locks: modules/auth/throttle.ts). */
export interface PhantomLock {
  /** Counts an attempt before any check: the count with it, or undefined when the username is locked (nothing counted). */
  attempt(username: string): Promise<number | undefined>;
  /** The attempt that reached the limit failed: the lock lasts LOGIN_LOCK_MINUTES from now. */
  lock(username: string): Promise<void>;
}

/**
 * Counts a sign-in attempt on the account before its password is checked, in one conditional statement:
 * admitted only while the account is not locked, and the attempt that reaches LOGIN_LOCK_ATTEMPTS locks it
 * at once (a right password then unlocks it again). However many attempts arrive together, on one process
 * or several, at most LOGIN_LOCK_ATTEMPTS passwords are checked per lock window. Answers the count with this
 * attempt, or undefined when the account is locked.
 */
export async function countAttempt(ctx: AppContext, userId: number): Promise<number | undefined> {
  const limit = ctx.config.LOGIN_LOCK_ATTEMPTS;
  // A lock that ran out starts a new count.
  const next = sql`case when ${users.lockedUntil} is not null then 1 else ${users.failedLogins} + 1 end`;
  const [row] = await ctx.db
    .update(users)
    .set({
      failedLogins: next,
      lockedUntil: sql`case when ${next} >= ${limit} then now() + make_interval(mins => ${ctx.config.LOGIN_LOCK_MINUTES}) else null end`,
    })
    .where(and(eq(users.id, userId), or(isNull(users.lockedUntil), lte(users.lockedUntil, sql`now()`))))
    .returning({ failedLogins: users.failedLogins });
  return row?.failedLogins;
}

/** A database that cannot be reached: the sign-in says 215 rather than failing with a 500. */
function isDatabaseDown(err: unknown): boolean {
  const code = (err as { code?: string; cause?: { code?: string } })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  return !!code && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08006', '08001', '08003'].includes(code);
}

/** The language picked on the login page as a session language code; null when none (or not one of ours). */
export function pickedLanguage(language: string | undefined): number | null {
  return language && (LANGUAGES as readonly string[]).includes(language) ? LANGUAGE_CODE[language as Language] : null;
}

/** Which account types each login form admits (docs/decisions/0003-login-forms.md). */
const FORM_ADMITS: Record<Slug, readonly AccountType[]> = { cust: [2], merc: [1, 0], corp: [0] };

/**
 * Checks a login post. The order matters: nothing about an account (locked, admin, wrong site) is told
 * before its password is proven, so the answers do not reveal which usernames exist.
 */
export async function login(
  ctx: AppContext,
  origin: SessionOrigin,
  form: { type: Slug; username?: string; password?: string; language?: string },
  phantom?: PhantomLock,
): Promise<LoginOutcome> {
  const username = (form.username ?? '').trim();
  const password = form.password ?? '';
  if (ctx.config.MAINTENANCE_MODE) {
    origin.log.info({ event: 'login-refused', reason: 'maintenance' }, 'sign-in refused: maintenance');
    return { ok: false, message: MessageCode.SiteDown };
  }
  if (!username || !password) return { ok: false, message: MessageCode.NotEnoughInformation };
  if (username.length > USERNAME_MAX || password.length > PASSWORD_INPUT_MAX) return { ok: false, message: MessageCode.IncorrectLogin };

  let user: UserRow | undefined;
  try {
    user = await findUserByUsername(ctx.db, username);
  } catch (err) {
    if (!isDatabaseDown(err)) throw err;
    origin.log.error({ event: 'login-error', err }, 'sign-in failed: database unavailable');
    return { ok: false, message: MessageCode.DatabaseError };
  }
  if (!user || user.disabled) {
    // An unknown username "locks" after as many failures as a real one, so message 5 tells no one
    // that an account exists; its attempts are counted before the (dummy) check as a real account's are.
    const attempt = phantom ? await phantom.attempt(username) : 0;
    if (attempt === undefined) {
      origin.log.info({ event: 'login-locked', reason: 'unknown-user' }, 'sign-in refused: locked');
      return { ok: false, message: MessageCode.AccountLocked };
    }
    await burnVerify(password);
    const lockNow = !!phantom && attempt >= ctx.config.LOGIN_LOCK_ATTEMPTS;
    if (lockNow) await phantom.lock(username);
    origin.log.info({ event: 'login-failure', reason: 'unknown-user' }, 'sign-in failed');
    return { ok: false, message: lockNow ? MessageCode.AccountLocked : MessageCode.IncorrectLogin };
  }
  // A single-sign-on user has no portal password: only the identity provider signs it in. The password typed
  // is not checked (there is none to check), and the dummy check keeps the answer's timing alike.
  if (user.ssoUser) {
    await burnVerify(password);
    origin.log.info({ event: 'login-refused', reason: 'sso-user', userId: user.id }, 'sign-in refused: single-sign-on user');
    return { ok: false, message: SSO_ONLY_MESSAGE };
  }
  let failures: number | undefined;
  try {
    failures = await countAttempt(ctx, user.id);
  } catch (err) {
    origin.log.error({ event: 'login-error', userId: user.id, err }, 'sign-in attempt not recorded');
    return { ok: false, message: MessageCode.AccountInfoError };
  }
  if (failures === undefined) {
    origin.log.info({ event: 'login-locked', userId: user.id }, 'sign-in refused: account locked');
    return { ok: false, message: MessageCode.AccountLocked };
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    // Already counted (and locked, by the attempt that reached the limit) before the check.
    const lock = failures >= ctx.config.LOGIN_LOCK_ATTEMPTS;
    origin.log.info(
      { event: lock ? 'account-locked' : 'login-failure', userId: user.id, failures },
      lock ? 'account locked' : 'sign-in failed',
    );
    return { ok: false, message: lock ? MessageCode.AccountLocked : MessageCode.IncorrectLogin };
  }
  if (user.isAdmin && form.type !== 'corp') {
    origin.log.info({ event: 'login-refused', reason: 'admin-form', userId: user.id }, 'sign-in refused');
    return { ok: false, message: MessageCode.AdminNotAllowedHere };
  }
  if (!FORM_ADMITS[form.type].includes(user.accountType as AccountType)) {
    origin.log.info({ event: 'login-refused', reason: 'wrong-form', userId: user.id }, 'sign-in refused');
    return { ok: false, message: MessageCode.WrongPartOfSite };
  }
  // The programme switched off by configuration (207): only after the password, so it tells nothing of the
  // account to someone who does not know it; corporate staff run the programme and still sign in.
  if (!ctx.config.PROGRAMME_AVAILABLE && user.accountType !== 0) {
    origin.log.info({ event: 'login-refused', reason: 'programme-unavailable', userId: user.id }, 'sign-in refused');
    return { ok: false, message: MessageCode.ProgrammeUnavailable };
  }
  // A dealer works on its merchant number's rows; without one there is nothing it may see.
  if (user.accountType === 1 && user.merchantNo == null) {
    origin.log.info({ event: 'login-refused', reason: 'no-merchant-number', userId: user.id }, 'sign-in refused');
    return { ok: false, message: MessageCode.NoMerchantNumbers };
  }

  const language = pickedLanguage(form.language);
  // The second factor (decision 0700): a user who has one gets the code step, not a session yet; a user the
  // policy requires to have one and who has none gets a session that may only enrol.
  if (secondFactorApplies(ctx.config.MFA_POLICY, user)) {
    if (await isEnrolled(ctx.db, user.id)) {
      origin.log.info({ event: 'login-second-factor', userId: user.id }, 'password accepted: code step');
      return { ok: true, secondFactor: true, user, language };
    }
    const mfaEnrolmentRequired = secondFactorRequired(ctx.config.MFA_POLICY, user);
    const started = await startSession(ctx, origin, user, { type: form.type, language, mfaEnrolmentRequired });
    return started.ok ? { ...started, user, mfaEnrolmentRequired } : started;
  }
  const started = await startSession(ctx, origin, user, { type: form.type, language });
  return started.ok ? { ...started, user } : started;
}

/**
 * The welcome page of a user's account type, with the link placeholders filled: under the alternate portal's
 * prefix for its users, else under the beta or production alias the user came in on (`alias`), else /ui.
 */
export function welcomeUrl(
  ctx: AppContext,
  user: { accountType: number; alternatePortalUser: boolean },
  alias: string | null = null,
): string {
  const slug = AccountTypeSlug[user.accountType as AccountType] ?? 'cust';
  const link = fillLink(ctx.config.WELCOME_LINK, linkValues(user, slug));
  return user.alternatePortalUser && link.startsWith('/ui/') ? `/${ctx.config.ALTERNATE_PORTAL_PREFIX}${link}` : underAlias(link, alias);
}

export function loginPageUrl(ctx: AppContext, slug: Slug): string {
  return fillLink(ctx.config.LOGIN_PAGE_LINK, linkValues(null, slug));
}

/** REFERRER_URL is followed only when it is a path on this site, never another host. */
export function safeReferrer(ctx: AppContext, referrer: string | undefined, slug: Slug): string {
  if (referrer) {
    try {
      const base = new URL(ctx.config.PUBLIC_URL);
      const u = new URL(referrer, base);
      // The answer is the path alone, so it must not start with '//' (a browser reads that as another
      // host): 'http://us//evil.example' and '/.//evil.example' both resolve to such a path.
      if (u.origin === base.origin && !u.pathname.startsWith('//')) return u.pathname;
    } catch {
      /* fall through to the login page */
    }
  }
  return loginPageUrl(ctx, slug);
}

export function isSlug(v: string): v is Slug {
  return v in SLUG_TO_ACCOUNT_TYPE;
}

/**
 * Ends the user's sessions, in this browser and every other one (a sign-out on a shared computer must not
 * leave the user signed in elsewhere by mistake, nor a stolen session alive); false when that failed
 * (message 217: the browser is told to close itself).
 */
export async function logout(ctx: AppContext, caller: Caller): Promise<boolean> {
  const userId = caller.userId;
  if (userId === null) return true;
  try {
    await ctx.db.transaction(async (tx) => {
      await endUserSessions(tx, userId);
      await audit(tx, caller, { entity: 'session', entityId: userId, action: 'sign-out' });
    });
  } catch (err) {
    caller.log.error({ event: 'logout-error', userId, err }, 'session not ended');
    return false;
  }
  caller.log.info({ event: 'logout', userId }, 'signed out');
  return true;
}

/** The signed-in user's language, saved; `sessionIdHash`: the session that follows it from now on. */
export async function setLanguage(ctx: AppContext, actor: Actor & { userId: number }, sessionIdHash: string, language: number) {
  const p = { userId: actor.userId, sessionIdHash };
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select({ language: users.language }).from(users).where(eq(users.id, p.userId)).for('update');
    await tx
      .update(users)
      .set({ language, updatedAt: sql`now()` })
      .where(eq(users.id, p.userId));
    // A language changed after sign-in is the user's from now on: this session follows the saved one (decision 0401).
    await tx.update(sessions).set({ language: null }).where(eq(sessions.idHash, p.sessionIdHash));
    await audit(tx, actor, {
      entity: 'user',
      entityId: p.userId,
      action: 'language',
      before: { language: before?.language },
      after: { language },
    });
  });
}
