/**
 * Signing in through the login form from a script (the benchmarks and the reliability harness), as a
 * browser posts it. The server wants the form token twice (double submit, decision 0005): the same value in
 * the `fc_csrf` cookie and the CSRF_TOKEN field, or the sign-in goes back to the form with message 211.
 * Any value of the token's shape (43 base64url characters) does.
 */
export const FORM_TOKEN = 't'.repeat(43);

/** The form-token cookie, to send beside a session cookie (a browser would hold both). */
export const FORM_TOKEN_COOKIE = `fc_csrf=${FORM_TOKEN}`;

/**
 * The request of a sign-in (fetch or autocannon options; add `redirect: 'manual'` for fetch).
 * `fields` adds form fields (REFERRER_URL...), `headers` adds headers (x-forwarded-for...).
 */
export function loginFormRequest({ origin, username, password = 'Demo2026', fields = {}, headers = {} }) {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie: FORM_TOKEN_COOKIE, ...headers },
    body: new URLSearchParams({ ...fields, USERNAME: username, PASSWORD: password, CSRF_TOKEN: FORM_TOKEN }).toString(),
  };
}

/** The `name=value` of the session cookie a sign-in answered with (never the form token's), or undefined. */
export function sessionCookieOf(res) {
  return res.headers
    .getSetCookie()
    .find((c) => /^(__Host-)?fc_session=[^;]/.test(c))
    ?.split(';')[0];
}

/** Signs in at `url` (e.g. `${base}/framework/login/corp`); answers the session cookie or throws with the reason. */
export async function signInThroughForm(url, options) {
  const res = await fetch(url, { ...loginFormRequest(options), redirect: 'manual' });
  const cookie = sessionCookieOf(res);
  if (res.status !== 303 || !cookie) {
    throw new Error(`sign-in of ${options.username} at ${url} failed: ${res.status} ${res.headers.get('location')}`);
  }
  return cookie;
}
