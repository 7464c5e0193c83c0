import { config } from 'zod/v4/core';

/**
 * For a browser whose page forbids eval (the portal's Content-Security-Policy, script-src 'self'): zod then
 * cannot compile its fast object parsers anyway, and `jitless` stops it probing with `new Function`, which
 * the browser reports as a CSP violation even though zod catches it. Call it before any schema is built:
 * each object schema reads the setting when it is created.
 */
export function disableZodEval() {
  config({ jitless: true });
}
