import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { SessionTimeout } from '@/features/session-timeout/session-timeout-dialog';
import { useCurrentUser } from '@/lib/session/current-user';

/**
 * Signed-in layouts mount this: the session-timeout warning (SESS-02, SESS-03)
 * (features/session-timeout), and the way to the enrolment page for a user who must enrol a second factor
 * before anything else (issue 19; the route gate and the API client send them there too).
 */
export function SessionGuard() {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const mustEnrol = user?.mfaEnrolmentRequired === 'Y';
  useEffect(() => {
    if (mustEnrol) void navigate('/second-factor/enrol', { replace: true });
  }, [mustEnrol, navigate]);
  return <SessionTimeout />;
}
