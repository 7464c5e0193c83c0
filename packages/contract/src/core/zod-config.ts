/**
 * For a browser whose page forbids eval (the portal's Content-Security-Policy, script-src 'self'): zod then
 * cannot compile its fast object parsers anyway, and `jitless` stops it probing with `new Function`, which
 * the browser reports as a CSP violation even though zod catches it. Call it before any schema is built:
 * each object schema reads the setting when it is created.
 *
 * zod keeps its global configuration (what `config()` of zod/v4/core reads and writes) on
 * `globalThis.__zod_globalConfig`, shared by every copy of zod and picked up when zod loads. Written here
 * without importing zod, so that a page which builds no schema (the landing page, issue 3's 120 kB budget)
 * does not load zod's core just to set it. zod-config.test.ts checks that zod's own config() sees it.
 */
export function disableZodEval() {
  const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (g.__zod_globalConfig ??= {}).jitless = true;
}
