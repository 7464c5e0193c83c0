/*
 * Kept apart from validation.ts (which builds zod schemas) so that code needing only message keys, such as
 * the web app's translation set-up on the public pages, does not load zod.
 */

/**
 * Validation messages are message keys of the `validation` namespace, with parameters after a '|'
 * ("maxLength|max=60"), so that one zod schema drives the browser's translated text and the server's
 * JSON:API error code.
 */
export function msg(key: string, params?: Record<string, string | number>): string {
  if (!params) return key;
  return `${key}|${Object.entries(params)
    .map(([k, v]) => `${k}=${v}`)
    .join('&')}`;
}

export function parseMsg(message: string): { key: string; params: Record<string, string> } {
  const [key = message, query] = message.split('|', 2);
  const params: Record<string, string> = {};
  if (query)
    for (const pair of query.split('&')) {
      const [k, v = ''] = pair.split('=', 2);
      if (k) params[k] = v;
    }
  return { key, params };
}
