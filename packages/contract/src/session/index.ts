/**
 * The session-timeout rules (SESS-01 to SESS-05), as pure functions of time, so that the browser's
 * timers only feed them and tests can drive them with any clock.
 */
import type { SessionTimeoutConfig } from '../auth/schemas';

/** The timings of SESS-01, SESS-02 and SESS-05. */
export const SESSION_CHECK_MS = 10_000;
export const ACTIVITY_THROTTLE_MS = 5_000;
export const COUNTDOWN_TICK_MS = 1_000;
export const TIMEOUT_CONFIG_DELAY_MS = 1_000;

/** The DOM events that count as activity (mouse, keys, scroll, touch, click). */
export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'wheel', 'touchstart', 'click'] as const;

/** The session-timeout config as the server sends it (attribute names of the specification): its answer's schema. */
export type RawTimeoutConfig = SessionTimeoutConfig;

/** The config on the browser's clock: every time is epoch milliseconds of the browser. */
export interface TimeoutSettings {
  warningMinutes: number;
  fullMinutes: number;
  lastTouch: number;
}

const parseTime = (v: string | null | undefined): number | undefined => {
  if (!v) return undefined;
  const t = Date.parse(v);
  return Number.isFinite(t) ? t : undefined;
};

/**
 * Absent minutes count as 0, an absent last touch as now (SESS-06). When the server says
 * what its clock read, the touch is moved onto the browser's clock by the idle time the server saw, so
 * a browser whose clock is off by minutes still warns at the right moment.
 */
export function normalizeTimeoutConfig(raw: RawTimeoutConfig | null | undefined, now: number): TimeoutSettings {
  const warningMinutes = Math.max(0, Number(raw?.warning_alert_minutes ?? 0) || 0);
  const fullMinutes = Math.max(0, Number(raw?.full_session_minutes ?? 0) || 0);
  const touch = parseTime(raw?.last_touch);
  const serverNow = parseTime(raw?.server_time);
  let lastTouch = touch ?? now;
  if (touch !== undefined && serverNow !== undefined) lastTouch = now - Math.max(0, serverNow - touch);
  return { warningMinutes, fullMinutes, lastTouch: Math.min(lastTouch, now) };
}

/** Whole and fractional minutes since the last server touch. */
export function minutesSinceTouch(settings: TimeoutSettings, now: number): number {
  return (now - settings.lastTouch) / 60_000;
}

export type TimeoutDecision =
  /** Nothing to do yet (or a warning is already counting down). */
  | 'none'
  /** The user was active since the touch: ping the server and move the touch, no warning. */
  | 'continue'
  /** Show the warning with its countdown. */
  | 'warn'
  /** The full session minutes are over: sign out. */
  | 'logout';

/**
 * The check that runs every SESSION_CHECK_MS. A full session of 0 minutes (no config) disables the
 * mechanism rather than signing everyone out at once.
 */
export function decideTimeout(input: {
  settings: TimeoutSettings | null;
  lastActivity: number;
  warningActive: boolean;
  now: number;
}): TimeoutDecision {
  const { settings, lastActivity, warningActive, now } = input;
  if (!settings || settings.fullMinutes <= 0 || warningActive) return 'none';
  const minutes = minutesSinceTouch(settings, now);
  // The server ends the session at the full minutes whatever the browser did, so activity cannot save it.
  if (minutes >= settings.fullMinutes) return 'logout';
  if (minutes >= settings.warningMinutes) return lastActivity > settings.lastTouch ? 'continue' : 'warn';
  return 'none';
}

/** The countdown starts at (full minus warning) minutes, in seconds. */
export function countdownStart(settings: TimeoutSettings): number {
  return Math.max(0, Math.round((settings.fullMinutes - settings.warningMinutes) * 60));
}

/**
 * The countdown's value at `now` for a warning that ends at `deadline`. Counting against a deadline rather
 * than subtracting one per tick keeps it right in a background tab, whose timers the browser slows down.
 */
export function secondsLeftAt(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** mm:ss for the countdown text. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Activity is recorded at most every ACTIVITY_THROTTLE_MS, counting what any tab recorded. */
export function shouldRecordActivity(lastRecorded: number, now: number): boolean {
  return now - lastRecorded >= ACTIVITY_THROTTLE_MS;
}

/** The whole mechanism is inactive on the landing page (/ui/home, or under the alternate prefix). */
export function isTimeoutActive(pathname: string): boolean {
  return !/^(\/[a-z0-9-]+)?\/ui\/home\/?$/.test(pathname);
}

/**
 * What one tab tells the others (BroadcastChannel SESSION_CHANNEL). A logout says why: the timeout
 * (the other tabs keep drafts and show 213) or the user's own sign-out (they show 219).
 */
export type SessionMessage = { type: 'continue'; lastTouch: number } | { type: 'logout'; reason?: 'timeout' };
export const SESSION_CHANNEL = 'fc-session';

export function parseSessionMessage(data: unknown): SessionMessage | null {
  if (!data || typeof data !== 'object') return null;
  const m = data as { type?: unknown; lastTouch?: unknown; reason?: unknown };
  if (m.type === 'logout') return m.reason === 'timeout' ? { type: 'logout', reason: 'timeout' } : { type: 'logout' };
  if (m.type === 'continue' && typeof m.lastTouch === 'number' && Number.isFinite(m.lastTouch))
    return { type: 'continue', lastTouch: m.lastTouch };
  return null;
}
