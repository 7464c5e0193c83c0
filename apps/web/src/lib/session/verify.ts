import type { SessionVerified, SessionVerify } from '@fc/contract';
import { api } from '../api-client';

/**
 * POST /fc-common-api/session/verify {password} or {code}: the step-up check (issue 19). A wrong answer is a
 * 400 naming its field; too many lock the account, and the 401 that ends the session goes to the login page.
 */
export async function verifySession(body: SessionVerify): Promise<SessionVerified> {
  const res = await api<SessionVerified>('/fc-common-api/session/verify', { method: 'POST', body });
  return res.data[0] as SessionVerified;
}
