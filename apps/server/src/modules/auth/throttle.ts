import type { FastifyBaseLogger } from 'fastify';
import { RESET_WAIT_CODE } from '@fc/contract';
import { AppError } from '../../http/errors';
import type { AppContext } from '../../context';
import { throttleStore } from '../../db/throttle-store';
import type { PhantomLock } from './service';

/** The named message (NAMED_MESSAGES) a throttled sign-in goes back to the form with. */
export const THROTTLED_MESSAGE = 'too-many-attempts';

const MINUTE = 60_000;
const RESET_WINDOW = 15 * MINUTE;
/**
 * How long an unknown username's failures are remembered. A real account's failure count lasts until a
 * sign-in succeeds or it locks; nobody signs in to a username that does not exist, so a day stands in.
 */
const UNKNOWN_USER_MEMORY = 24 * 60 * MINUTE;
/** A username as the users table compares it (case-insensitive); empty when there is none to count. */
/** The client a limit counts: its address, and the request's logger. */
export interface Client {
  ip: string;
  log: FastifyBaseLogger;
}

const usernameKey = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase().slice(0, 64) : '');

/**
 * Rate limits on sign-in and password reset, per client address and per username, on top of the lockout.
 *
 * Sign-in counts failures only: a person who signs in many times a day from one office address is not an
 * attack, guessing is. Once an address or a username has used up its failures for the minute, every
 * sign-in from it is refused unchecked until the minute ends. Reset requests count every request, since
 * each may send an e-mail.
 */
export function createThrottles(ctx: AppContext) {
  const c = ctx.config;
  const store = throttleStore(ctx);
  const loginIp = (req: Client) => `login:ip:${req.ip}`;
  const loginUser = (username: unknown) => `login:user:${usernameKey(username)}`;
  const unknownUser = (username: unknown) => `login:unknown:${usernameKey(username)}`;

  return {
    /**
     * Counts a sign-in attempt against the address's and the username's limits before anything is checked
     * (one conditional statement each, so a burst cannot slip past a limit between a read and a write):
     * refused when either is used up for the minute. An attempt that then succeeds is given back
     * (`succeeded`): the limits count failures, not people who sign in often.
     */
    async loginAttempt(req: Client, username: unknown): Promise<{ refused: boolean; succeeded(): Promise<void> }> {
      const keys: string[] = [];
      const succeeded = async () => {
        try {
          for (const key of keys) await store.giveBack(key);
        } catch (err) {
          req.log.error({ event: 'login-throttle-error', err }, 'sign-in throttle not given back');
        }
      };
      let by: 'address' | 'username' | undefined;
      try {
        if (await store.take(loginIp(req), MINUTE, c.LOGIN_FAILURES_PER_ADDRESS)) keys.push(loginIp(req));
        else by = 'address';
        if (!by && usernameKey(username)) {
          if (await store.take(loginUser(username), MINUTE, c.LOGIN_FAILURES_PER_USERNAME)) keys.push(loginUser(username));
          else by = 'username';
        }
      } catch (err) {
        // The database is down: the sign-in that follows cannot succeed either, and says so (215).
        req.log.error({ event: 'login-throttle-error', err }, 'sign-in throttle not counted');
        return { refused: false, succeeded };
      }
      if (by) {
        // A refused attempt is not one more failure: what it took is given back.
        await succeeded();
        req.log.warn({ event: 'login-throttled', by }, 'sign-in refused: too many failures');
        return { refused: true, succeeded };
      }
      return { refused: false, succeeded };
    },
    /**
     * The lockout of usernames that have no account, alike a real account's (modules/auth/service.ts): at most
     * LOGIN_LOCK_ATTEMPTS attempts are admitted, counted before the (dummy) password check; the failure that
     * reaches the limit locks the username for LOGIN_LOCK_MINUTES.
     */
    phantomLock: {
      async attempt(username: string) {
        return (await store.take(unknownUser(username), UNKNOWN_USER_MEMORY, c.LOGIN_LOCK_ATTEMPTS))?.hits;
      },
      async lock(username: string) {
        await store.holdFor(unknownUser(username), c.LOGIN_LOCK_MINUTES * MINUTE);
      },
    } satisfies PhantomLock,
    /**
     * Counts a reset request; throws a 429 when the address or the username has asked too often. Its answer
     * tells no more than "check your mailbox, or try again in N minutes" (code reset-wait|minutes=N), the same
     * for a username with an account and one without.
     */
    async resetRequest(req: Client, username: string): Promise<void> {
      const now = Date.now();
      const address = await store.take(`reset:ip:${req.ip}`, RESET_WINDOW);
      const user = usernameKey(username) ? await store.take(`reset:user:${usernameKey(username)}`, RESET_WINDOW) : undefined;
      const waits: number[] = [];
      if (address && address.hits > c.RESET_REQUESTS_PER_ADDRESS) waits.push(address.expiresAt.getTime() - now);
      if (user && user.hits > c.RESET_REQUESTS_PER_USERNAME) waits.push(user.expiresAt.getTime() - now);
      if (waits.length > 0) {
        const minutes = Math.min(RESET_WINDOW / MINUTE, Math.max(1, Math.ceil(Math.max(...waits) / MINUTE)));
        req.log.warn(
          { event: 'password-reset-throttled', by: user && user.hits > c.RESET_REQUESTS_PER_USERNAME ? 'username' : 'address' },
          'password reset refused: too many requests',
        );
        throw new AppError(
          429,
          `${RESET_WAIT_CODE}|minutes=${minutes}`,
          `If the username has an account, a link was already sent: check your mailbox, or try again in ${minutes} minutes.`,
        );
      }
    },
  };
}
