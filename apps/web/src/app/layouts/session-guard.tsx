import { SessionTimeout } from '@/features/session-timeout/session-timeout-dialog';

/**
 * Signed-in layouts mount this: the session-timeout warning of document 1 section 4
 * (features/session-timeout).
 */
export function SessionGuard() {
  return <SessionTimeout />;
}
