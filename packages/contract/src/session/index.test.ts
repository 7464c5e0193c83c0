import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  countdownStart,
  decideTimeout,
  formatCountdown,
  isTimeoutActive,
  normalizeTimeoutConfig,
  parseSessionMessage,
  secondsLeftAt,
  shouldRecordActivity,
  type TimeoutSettings,
} from './index';

const MIN = 60_000;
const T0 = Date.parse('2026-03-02T10:00:00Z');
const settings = (over: Partial<TimeoutSettings> = {}): TimeoutSettings => ({
  warningMinutes: 25,
  fullMinutes: 30,
  lastTouch: T0,
  ...over,
});

describe('normalizeTimeoutConfig', () => {
  it('absent minutes count as 0 and an absent last touch as now', () => {
    expect(normalizeTimeoutConfig({}, T0)).toEqual({ warningMinutes: 0, fullMinutes: 0, lastTouch: T0 });
    expect(normalizeTimeoutConfig(null, T0)).toEqual({ warningMinutes: 0, fullMinutes: 0, lastTouch: T0 });
    expect(normalizeTimeoutConfig({ warning_alert_minutes: null, full_session_minutes: 30, last_touch: 'not a date' }, T0)).toEqual({
      warningMinutes: 0,
      fullMinutes: 30,
      lastTouch: T0,
    });
  });

  it('reads the server touch as is when the server time is not given', () => {
    const touch = new Date(T0 - 3 * MIN).toISOString();
    expect(normalizeTimeoutConfig({ warning_alert_minutes: 25, full_session_minutes: 30, last_touch: touch }, T0).lastTouch).toBe(
      T0 - 3 * MIN,
    );
  });

  it("places the touch on the browser's clock by the idle time the server saw", () => {
    // The server clock is 2 hours ahead of the browser's; the session has been idle 4 minutes.
    const serverNow = T0 + 120 * MIN;
    const raw = {
      warning_alert_minutes: 25,
      full_session_minutes: 30,
      last_touch: new Date(serverNow - 4 * MIN).toISOString(),
      server_time: new Date(serverNow).toISOString(),
    };
    expect(normalizeTimeoutConfig(raw, T0).lastTouch).toBe(T0 - 4 * MIN);
  });

  it('never places the touch in the future', () => {
    const raw = { last_touch: new Date(T0 + 5 * MIN).toISOString(), full_session_minutes: 30 };
    expect(normalizeTimeoutConfig(raw, T0).lastTouch).toBe(T0);
  });
});

describe('decideTimeout', () => {
  const at = (minutes: number) => T0 + minutes * MIN;

  it('does nothing before the warning minutes', () => {
    expect(decideTimeout({ settings: settings(), lastActivity: 0, warningActive: false, now: at(24.9) })).toBe('none');
  });

  it('warns at the warning minutes when there was no activity since the touch', () => {
    expect(decideTimeout({ settings: settings(), lastActivity: T0 - 1, warningActive: false, now: at(25) })).toBe('warn');
    expect(decideTimeout({ settings: settings(), lastActivity: T0, warningActive: false, now: at(26) })).toBe('warn');
  });

  it('continues on its own when local activity is newer than the touch', () => {
    expect(decideTimeout({ settings: settings(), lastActivity: at(3), warningActive: false, now: at(25) })).toBe('continue');
  });

  it('signs out at the full minutes with no warning active, even after activity', () => {
    expect(decideTimeout({ settings: settings(), lastActivity: 0, warningActive: false, now: at(30) })).toBe('logout');
    expect(decideTimeout({ settings: settings(), lastActivity: at(29), warningActive: false, now: at(45) })).toBe('logout');
  });

  it('leaves an active warning to its countdown', () => {
    expect(decideTimeout({ settings: settings(), lastActivity: 0, warningActive: true, now: at(31) })).toBe('none');
  });

  it('is idle without a config or with a full session of 0 minutes', () => {
    expect(decideTimeout({ settings: null, lastActivity: 0, warningActive: false, now: at(100) })).toBe('none');
    expect(
      decideTimeout({ settings: settings({ warningMinutes: 0, fullMinutes: 0 }), lastActivity: 0, warningActive: false, now: at(100) }),
    ).toBe('none');
  });

  it('never warns before the warning minutes and always signs out from the full minutes (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 0, max: 300 * 60 }),
        fc.integer({ min: -1000, max: 300 * 60 }),
        (warn, extra, elapsedS, activityS) => {
          const s = settings({ warningMinutes: warn, fullMinutes: warn + extra });
          const now = T0 + elapsedS * 1000;
          const d = decideTimeout({ settings: s, lastActivity: T0 + activityS * 1000, warningActive: false, now });
          const minutes = elapsedS / 60;
          if (minutes < warn) expect(d).toBe('none');
          else if (minutes >= warn + extra) expect(d).toBe('logout');
          else expect(['warn', 'continue']).toContain(d);
        },
      ),
    );
  });
});

describe('countdown', () => {
  it('starts at (full minus warning) minutes in seconds', () => {
    expect(countdownStart(settings())).toBe(300);
    expect(countdownStart(settings({ warningMinutes: 1, fullMinutes: 2 }))).toBe(60);
    expect(countdownStart(settings({ warningMinutes: 5, fullMinutes: 2 }))).toBe(0);
  });

  it('counts down against the deadline, one value a second, reaching 0 at the deadline', () => {
    const deadline = T0 + countdownStart(settings()) * 1000;
    expect(secondsLeftAt(deadline, T0)).toBe(300);
    expect(secondsLeftAt(deadline, T0 + 1)).toBe(300);
    expect(secondsLeftAt(deadline, T0 + 1000)).toBe(299);
    expect(secondsLeftAt(deadline, deadline - 1)).toBe(1);
    expect(secondsLeftAt(deadline, deadline)).toBe(0);
    expect(secondsLeftAt(deadline, deadline + 60_000)).toBe(0);
    const seen = new Set<number>();
    for (let now = T0; now <= deadline; now += 1000) seen.add(secondsLeftAt(deadline, now));
    expect(seen.size).toBe(301);
  });

  it('formats as m:ss', () => {
    expect(formatCountdown(300)).toBe('5:00');
    expect(formatCountdown(61)).toBe('1:01');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});

describe('activity and paths', () => {
  it('records activity at most every 5 s', () => {
    expect(shouldRecordActivity(T0, T0 + 4_999)).toBe(false);
    expect(shouldRecordActivity(T0, T0 + 5_000)).toBe(true);
    expect(shouldRecordActivity(0, T0)).toBe(true);
  });

  it('is inactive on /ui/home only', () => {
    expect(isTimeoutActive('/ui/home')).toBe(false);
    expect(isTimeoutActive('/ui/home/')).toBe(false);
    expect(isTimeoutActive('/intl/ui/home')).toBe(false);
    expect(isTimeoutActive('/ui/cust/welcome')).toBe(true);
    expect(isTimeoutActive('/ui/homework')).toBe(true);
    expect(isTimeoutActive('/intl/ui/merc/welcome')).toBe(true);
  });

  it('accepts only well-formed messages from other tabs', () => {
    expect(parseSessionMessage({ type: 'logout' })).toEqual({ type: 'logout' });
    expect(parseSessionMessage({ type: 'logout', reason: 'timeout' })).toEqual({ type: 'logout', reason: 'timeout' });
    expect(parseSessionMessage({ type: 'logout', reason: 'other' })).toEqual({ type: 'logout' });
    expect(parseSessionMessage({ type: 'continue', lastTouch: T0 })).toEqual({ type: 'continue', lastTouch: T0 });
    expect(parseSessionMessage({ type: 'continue', lastTouch: 'soon' })).toBeNull();
    expect(parseSessionMessage('logout')).toBeNull();
    expect(parseSessionMessage(null)).toBeNull();
  });
});
