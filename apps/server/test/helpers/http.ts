import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  CSRF_COOKIE,
  CSRF_FIELD,
  JSONAPI_MEDIA_TYPE,
  SECURE_CSRF_COOKIE,
  LOGIN_ACTION,
  LOGIN_FORM_NAME,
  type AccountTypeSlug,
} from '@fc/contract';
import type { AppContext } from '../../src/context';
import { DEMO_PASSWORD, DEMO_USERS, seedCore } from '../../src/seed/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { users } from '../../src/db/schema/index';
import { hashToken, newToken, SESSION_COOKIE } from '../../src/http/access';
import { insertSession } from '../../src/modules/auth/repo';
import { TEST_ORIGIN } from './app';

export { DEMO_PASSWORD, DEMO_USERS };

/** The demo users (and customers) of src/seed/core.ts; every password is DEMO_PASSWORD. */
export async function seedUsers(ctx: AppContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await seedCore(tx);
  });
}

const DEFAULT_SLUG: Record<number, AccountTypeSlug> = { 0: 'corp', 1: 'merc', 2: 'cust' };

/** The form token a page of ours would hold in its cookie and copy into each form post (double submit). */
export const FORM_TOKEN = 'formtoken-0123456789abcdefghijklmnopqrstuvw';

/** The Cookie header of a form post: the form token's cookie (by either name: plain HTTP or HTTPS) beside any other given. */
export function withFormTokenCookie(cookie?: string): string {
  return [`${CSRF_COOKIE}=${FORM_TOKEN}`, `${SECURE_CSRF_COOKIE}=${FORM_TOKEN}`, ...(cookie ? [cookie] : [])].join('; ');
}

/**
 * Posts the classic login form as a browser would (urlencoded, with our Origin and the form token of its
 * cookie). `CSRF_TOKEN: null` leaves the token out of the form; a `cookie` header is sent beside the token's.
 */
export function postLogin(
  app: FastifyInstance,
  type: AccountTypeSlug,
  fields: { USERNAME?: string; PASSWORD?: string; REFERRER_URL?: string; CSRF_TOKEN?: string | null; LANGUAGE?: string },
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const form = new URLSearchParams({
    WEB_FORM_NAME: LOGIN_FORM_NAME,
    ACTION: LOGIN_ACTION,
    REFERRER_URL: fields.REFERRER_URL ?? `/ui/${type}/login`,
    USERNAME: fields.USERNAME ?? '',
    PASSWORD: fields.PASSWORD ?? '',
  });
  if (fields.CSRF_TOKEN !== null) form.set(CSRF_FIELD, fields.CSRF_TOKEN ?? FORM_TOKEN);
  if (fields.LANGUAGE !== undefined) form.set('LANGUAGE', fields.LANGUAGE);
  const { cookie, ...rest } = headers;
  return app.inject({
    method: 'POST',
    url: `/framework/login/${type}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, ...rest, cookie: withFormTokenCookie(cookie) },
    payload: form.toString(),
  });
}

/** Signs out as the portal's pages do: a form post from our own origin to /framework/logout. */
export function postLogout(
  app: FastifyInstance,
  cookie?: string,
  opts: { reason?: string; headers?: Record<string, string>; formToken?: string | null } = {},
): Promise<LightMyRequestResponse> {
  const token = opts.formToken === undefined ? FORM_TOKEN : opts.formToken;
  return app.inject({
    method: 'POST',
    url: `/framework/logout${opts.reason ? `?reason=${opts.reason}` : ''}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: TEST_ORIGIN,
      cookie: withFormTokenCookie(cookie),
      ...opts.headers,
    },
    payload: token === null ? '' : new URLSearchParams({ [CSRF_FIELD]: token }).toString(),
  });
}

/** The `name=value` of the session cookie that a response set, or undefined. */
export function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  const c = res.cookies.find((x) => x.name === SESSION_COOKIE && x.value);
  return c ? `${c.name}=${c.value}` : undefined;
}

/**
 * Signs in through the login form and returns the session cookie ("fc_session=..."), ready for a
 * `cookie` header. The form type defaults to the user's own account type (demo users).
 */
/**
 * A session made as the identity provider's sign-in makes it, for a single-sign-on user (the local form
 * refuses them): a new id whose hash is stored for the user; answers the Cookie header.
 */
export async function ssoSession(db: Db, username: string): Promise<string> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  if (!user) throw new Error(`no user ${username}`);
  const token = newToken();
  await insertSession(db, { idHash: hashToken(token), userId: user.id });
  return `${SESSION_COOKIE}=${token}`;
}

/** A POST with exactly these headers and body (no JSON:API headers added): what a careless client or a forger sends. */
export function rawPost(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  payload: string,
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, headers, payload });
}

export async function loginAs(app: FastifyInstance, username: string, type?: AccountTypeSlug, password = DEMO_PASSWORD): Promise<string> {
  const demo = DEMO_USERS.find((u) => u.username === username);
  const slug = type ?? (demo ? DEFAULT_SLUG[demo.accountType] : 'cust');
  const res = await postLogin(app, slug!, { USERNAME: username, PASSWORD: password });
  const cookie = sessionCookieOf(res);
  if (res.statusCode !== 303 || !cookie) {
    throw new Error(`login of ${username} on ${slug} failed: ${res.statusCode} ${String(res.headers.location)}`);
  }
  return cookie;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON:API documents
export interface ApiResponse<B = any> {
  status: number;
  body: B;
  headers: LightMyRequestResponse['headers'];
  /** The raw payload (CSV downloads, HTML). */
  text: string;
  raw: LightMyRequestResponse;
}

export interface UploadFile {
  /** The form field name (default "file"). */
  field?: string;
  filename: string;
  content: string | Buffer;
  contentType?: string;
}

/** A multipart/form-data body built by hand: text fields first, then the file(s). */
export function multipartBody(fields: Record<string, string | number>, files: UploadFile[]): { payload: Buffer; contentType: string } {
  const boundary = `----fc-test-${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.filename}"\r\n` +
          `Content-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      typeof f.content === 'string' ? Buffer.from(f.content) : f.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function wrap(res: LightMyRequestResponse): ApiResponse {
  const type = String(res.headers['content-type'] ?? '');
  let body: unknown = undefined;
  if (/json/.test(type) && res.payload.length > 0) {
    try {
      body = JSON.parse(res.payload);
    } catch {
      body = undefined;
    }
  }
  return { status: res.statusCode, body, headers: res.headers, text: res.payload, raw: res };
}

type Query = Record<string, string | number | undefined>;

function withQuery(url: string, query?: Query): string {
  if (!query) return url;
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) p.set(k, String(v));
  const s = p.toString();
  return s ? `${url}${url.includes('?') ? '&' : '?'}${s}` : url;
}

/**
 * A small client for the JSON:API as the web app calls it: X-Requested-With and our Origin on every
 * call, the session cookie when given, JSON:API bodies. Answers {status, body (parsed JSON), headers}.
 */
export function api(app: FastifyInstance, cookie?: string) {
  const base = (extra: Record<string, string> = {}) => ({
    'x-requested-with': 'XMLHttpRequest',
    origin: TEST_ORIGIN,
    accept: `${JSONAPI_MEDIA_TYPE}, application/json`,
    ...(cookie ? { cookie } : {}),
    ...extra,
  });
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, query?: Query) =>
    wrap(
      await app.inject({
        method,
        url: withQuery(url, query),
        headers: base(body === undefined ? {} : { 'content-type': JSONAPI_MEDIA_TYPE }),
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      }),
    );
  return {
    get: (url: string, query?: Query) => send('GET', url, undefined, query),
    post: (url: string, body: unknown = {}) => send('POST', url, body),
    put: (url: string, body: unknown = {}) => send('PUT', url, body),
    patch: (url: string, body: unknown = {}) => send('PATCH', url, body),
    delete: (url: string, body?: unknown) => send('DELETE', url, body),
    /** An urlencoded form post. */
    postForm: async (url: string, fields: Record<string, string | number>) =>
      wrap(
        await app.inject({
          method: 'POST',
          url,
          headers: base({ 'content-type': 'application/x-www-form-urlencoded' }),
          payload: new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString(),
        }),
      ),
    /** A multipart upload: one file (field "file" unless named) and text fields. */
    upload: async (
      url: string,
      file: UploadFile | UploadFile[],
      fields: Record<string, string | number> = {},
      method: 'POST' | 'PUT' = 'POST',
    ) => {
      const { payload, contentType } = multipartBody(fields, Array.isArray(file) ? file : [file]);
      return wrap(await app.inject({ method, url, headers: base({ 'content-type': contentType }), payload }));
    },
  };
}
