import type { RawTimeoutConfig } from '@fc/contract/session';
import { api } from '@/lib/api-client';
import { attributesOf } from './session-timeout';

/** POST /fc-common-api/session/ping: Continue; the server moves last_touch and answers the config again. */
export async function pingSession(): Promise<RawTimeoutConfig> {
  const res = await api<Record<string, unknown>>('/fc-common-api/session/ping', { method: 'POST', body: {} });
  return attributesOf(res.data[0]);
}
