import { useCallback, useEffect, useRef, useState } from 'react';
import {
  ACTIVITY_EVENTS,
  countdownStart,
  decideTimeout,
  isTimeoutActive,
  normalizeTimeoutConfig,
  secondsLeftAt,
  SESSION_CHECK_MS,
  COUNTDOWN_TICK_MS,
  shouldRecordActivity,
  TIMEOUT_CONFIG_DELAY_MS,
  type TimeoutSettings,
} from '@fc/contract/session';
import { saveAllDrafts } from '@/lib/use-draft';
import { onSessionMessage, postSessionMessage } from '@/lib/session/channel';
import type { LogoutOptions } from '@/lib/session/logout';
import { getSessionTimeout } from './api/session-timeout';
import { pingSession } from './api/ping-session';
import { readActivity, writeActivity } from './shared-state';

export interface SessionTimeoutState {
  /** Seconds left on the warning's countdown; null while no warning is shown. */
  secondsLeft: number | null;
  continueSession(): void;
  signOut(): void;
}

/**
 * The session timeout (SESS-01 to SESS-06). The decisions are the contract's pure functions
 * (@fc/contract/session); this hook only feeds them the clock, the shared activity and the config, and acts.
 * `leave` is called once, to sign the user out: for the timeout after drafts are saved, or because another
 * tab signed out (its reason passed on, nothing broadcast again).
 */
export function useSessionTimeout(leave: (opts: LogoutOptions) => void, pathname = window.location.pathname): SessionTimeoutState {
  const active = isTimeoutActive(pathname);
  const settings = useRef<TimeoutSettings | null>(null);
  const deadline = useRef<number | null>(null);
  const leaving = useRef(false);
  const leaveRef = useRef(leave);
  useEffect(() => {
    leaveRef.current = leave;
  }, [leave]);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);

  const closeWarning = useCallback(() => {
    deadline.current = null;
    setSecondsLeft(null);
  }, []);

  const signOut = useCallback((opts: LogoutOptions = { broadcast: true, reason: 'timeout' }) => {
    if (leaving.current) return;
    leaving.current = true;
    if (opts.reason === 'timeout') saveAllDrafts();
    leaveRef.current(opts);
  }, []);

  const continueSession = useCallback(
    (broadcast = true) => {
      // Continue refreshes the touch at once, then the server's answer places it exactly.
      if (settings.current) settings.current = { ...settings.current, lastTouch: Date.now() };
      closeWarning();
      void pingSession().then(
        (raw) => {
          settings.current = normalizeTimeoutConfig(raw, Date.now());
          if (broadcast) postSessionMessage({ type: 'continue', lastTouch: settings.current.lastTouch });
        },
        () => {
          /* a 401 (the session ended meanwhile) goes through the app root's redirect */
        },
      );
    },
    [closeWarning],
  );

  useEffect(() => {
    if (!active) return;
    leaving.current = false;
    const stopListening = onSessionMessage((m) => {
      if (m.type === 'logout') signOut({ broadcast: false, reason: m.reason });
      else {
        if (settings.current) settings.current = { ...settings.current, lastTouch: Math.max(settings.current.lastTouch, m.lastTouch) };
        closeWarning();
      }
    });

    const configTimer = window.setTimeout(() => {
      getSessionTimeout().then(
        (raw) => {
          settings.current = normalizeTimeoutConfig(raw, Date.now());
        },
        () => {
          /* without a config the mechanism stays idle; a 401 is handled by the app root */
        },
      );
    }, TIMEOUT_CONFIG_DELAY_MS);

    let recorded = 0;
    const onActivity = () => {
      const now = Date.now();
      if (!shouldRecordActivity(Math.max(recorded, readActivity()), now)) return;
      recorded = now;
      writeActivity(now);
    };
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { capture: true, passive: true });

    const check = window.setInterval(() => {
      if (deadline.current !== null) return;
      const now = Date.now();
      const decision = decideTimeout({ settings: settings.current, lastActivity: readActivity(), warningActive: false, now });
      if (decision === 'continue') continueSession();
      else if (decision === 'logout') signOut();
      else if (decision === 'warn' && settings.current) {
        const start = countdownStart(settings.current);
        deadline.current = now + start * 1000;
        setSecondsLeft(start);
      }
    }, SESSION_CHECK_MS);

    return () => {
      window.clearTimeout(configTimer);
      window.clearInterval(check);
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity, { capture: true });
      stopListening();
    };
  }, [active, signOut, continueSession, closeWarning]);

  // The warning's countdown ticks every second against its deadline and signs out at 0.
  const warning = secondsLeft !== null;
  useEffect(() => {
    if (!warning) return;
    const tick = window.setInterval(() => {
      if (deadline.current === null) return;
      const left = secondsLeftAt(deadline.current, Date.now());
      setSecondsLeft(left);
      if (left === 0) signOut();
    }, COUNTDOWN_TICK_MS);
    return () => window.clearInterval(tick);
  }, [warning, signOut]);

  // "Log out now" is the user's own sign-out (message 219), not the timeout's (213); other tabs follow.
  return { secondsLeft, continueSession: () => continueSession(), signOut: () => signOut({ broadcast: true }) };
}
