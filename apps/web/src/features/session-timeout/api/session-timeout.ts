import type { RawTimeoutConfig } from '@fc/contract/session';
import { authEndpoints } from '@fc/contract';
import { call } from '@/lib/endpoint-client';

/**
 * The session timeout: warning_alert_minutes, full_session_minutes, last_touch (and the server's clock). A
 * 401 here goes through the app root's redirect like any call.
 */
export async function getSessionTimeout(): Promise<RawTimeoutConfig> {
  const res = await call(authEndpoints.sessionTimeout);
  return attributesOf(res.data[0]);
}

/** The client camelCases keys; the specification's names are read back from either spelling. */
export function attributesOf(flat: object | undefined): RawTimeoutConfig {
  const attrs = flat as Record<string, unknown> | undefined;
  const pick = (snake: string, camel: string) => (attrs?.[snake] ?? attrs?.[camel] ?? null) as never;
  return {
    warning_alert_minutes: pick('warning_alert_minutes', 'warningAlertMinutes'),
    full_session_minutes: pick('full_session_minutes', 'fullSessionMinutes'),
    last_touch: pick('last_touch', 'lastTouch'),
    server_time: pick('server_time', 'serverTime'),
  };
}
