import type { RawTimeoutConfig } from '@fc/contract/session';
import { authEndpoints } from '@fc/contract';
import { call } from '@/lib/endpoint-client';
import { attributesOf } from './session-timeout';

/** Continue: the server moves last_touch and answers the config again. */
export async function pingSession(): Promise<RawTimeoutConfig> {
  const res = await call(authEndpoints.pingSession);
  return attributesOf(res.data[0]);
}
