import { authEndpoints, type SessionVerify } from '@fc/contract';
import { call } from '../endpoint-client';

/**
 * The step-up check {password} or {code} (decision 0700). A wrong answer is a 400 naming its field; too many
 * lock the account, and the 401 that ends the session goes to the login page.
 */
export async function verifySession(body: SessionVerify) {
  const res = await call(authEndpoints.verifySession, { body });
  return res.data[0]!;
}
