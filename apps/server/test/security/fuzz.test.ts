import fc from 'fast-check';
import pino from 'pino';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSONAPI_MEDIA_TYPE, permissions, type Principal } from '@fc/contract';
import type { Access } from '../../src/http/access';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/app';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema/index';
import { DEMO_USERS, loginAs, multipartBody, seedUsers } from '../helpers/http';
import { documentProblem, findUploadRoutes, recordFigures } from './support';

/**
 * Requests generated from the OpenAPI document (the one @fastify/swagger derives from the routes' zod
 * schemas), half of them shaped as the document says and half of them invalid. The server must never
 * answer 5xx, must refuse every invalid input with a 4xx in the JSON:API error shape, and a refused
 * request must change no row. FUZZ_RUNS sets the cases per operation (npm run test:reliability: 200);
 * FUZZ_SEED replays a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20260611);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON Schema documents are untyped
type Schema = any;
interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema: Schema;
}
interface Operation {
  method: string;
  path: string;
  /** The Fastify route pattern (`:id`), to find the route's access declaration. */
  route: string;
  params: Parameter[];
  body?: Schema;
  multipart: boolean;
}
interface Case {
  valid: boolean;
  kind: string;
  path: Record<string, string>;
  query: [string, string][];
  body?: { contentType: string; payload: string | Buffer };
}

/** Called without a session: with one, the reused session would be ended. */
const WITHOUT_SESSION = new Set(['POST /framework/logout']);

// ---- arbitraries from JSON Schema -------------------------------------------------------------

const text = (min = 0, max = 40) => fc.string({ minLength: min, maxLength: Math.max(min, max), unit: 'binary' });

function valueOf(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(null);
  if (schema.anyOf || schema.oneOf) return fc.oneof(...(schema.anyOf ?? schema.oneOf).map((s: Schema) => valueOf(s, depth + 1)));
  const base = baseValueOf(schema, depth);
  return schema.nullable ? fc.option(base, { nil: null, freq: 5 }) : base;
}

function baseValueOf(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  switch (schema.type) {
    case 'string': {
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? Infinity));
      const min = schema.minLength ?? 0;
      return text(min, Math.min(schema.maxLength ?? 40, min + 40));
    }
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, -(2 ** 31)),
        max: Math.min(schema.maximum ?? 1_000_000, 2 ** 31 - 1),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueOf(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, (schema.minItems ?? 0) + 4),
      });
    case 'object':
    case undefined: {
      const props = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
      if (props.length === 0) return fc.constant({});
      const required = new Set<string>(schema.required ?? []);
      return fc.record(Object.fromEntries(props.map(([k, s]) => [k, valueOf(s, depth + 1)])), {
        requiredKeys: props.map(([k]) => k).filter((k) => required.has(k)),
      });
    }
    default:
      return fc.constant(null);
  }
}

/** A value of the wrong JSON type for the schema. */
const wrongTypeFor = (schema: Schema): unknown =>
  schema?.type === 'object' ? 'not-an-object' : schema?.type === 'array' ? { not: 'an array' } : { not: 'a scalar' };

/** A query or path value that the schema refuses, or undefined when every string passes. */
function badParamValues(schema: Schema): string[] {
  const out: string[] = [];
  if (schema.type === 'integer' || schema.type === 'number') out.push('abc', '1e400', '99999999999999999999999', '-1.5e308', 'NaN');
  if (schema.type === 'integer') out.push('1.5');
  if (schema.maxLength !== undefined) out.push('x'.repeat(schema.maxLength + 1), 'é'.repeat(schema.maxLength + 100));
  if (schema.pattern === '^\\d{8}$') out.push('2026-13-45', '2026013', 'yesterday');
  else if (schema.pattern) out.push('\u0000<script>', '../../etc/passwd');
  if (schema.enum) out.push('__proto__', 'NOT_IN_ENUM');
  return out.filter((v) => !(schema.pattern && new RegExp(schema.pattern).test(v)) && !(schema.enum ?? []).includes(v));
}

/** Paths to the string fields with a maxLength, and to integer fields, in a body schema (top two levels). */
function fieldsOf(schema: Schema, prefix: string[] = [], depth = 0): { path: string[]; schema: Schema }[] {
  if (!schema || depth > 2 || schema.type !== 'object') return [];
  const out: { path: string[]; schema: Schema }[] = [];
  for (const [k, s] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    out.push({ path: [...prefix, k], schema: s });
    out.push(...fieldsOf(s, [...prefix, k], depth + 1));
  }
  return out;
}

function setPath(obj: Record<string, unknown>, path: string[], value: unknown, del = false) {
  let o = obj;
  for (const k of path.slice(0, -1)) {
    if (typeof o[k] !== 'object' || o[k] === null || Array.isArray(o[k])) o[k] = {};
    o = o[k] as Record<string, unknown>;
  }
  if (del) delete o[path.at(-1)!];
  else o[path.at(-1)!] = value;
}

const json = (value: unknown) => ({ contentType: JSONAPI_MEDIA_TYPE, payload: JSON.stringify(value) });

function validCase(op: Operation): fc.Arbitrary<Case> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  return fc
    .record({
      path: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, valueOf(p.schema).map(String)]))) as fc.Arbitrary<
        Record<string, string>
      >,
      query: fc.tuple(
        ...queryParams.map((p) =>
          p.required
            ? valueOf(p.schema).map((v) => [p.name, String(v)])
            : fc.option(
                valueOf(p.schema).map((v) => [p.name, String(v)]),
                { nil: undefined },
              ),
        ),
      ),
      body: op.body
        ? valueOf(op.body).map(json)
        : op.multipart
          ? fc.tuple(text(0, 200), fc.constantFrom('a.csv', 'prices.csv', 'x.txt')).map(([content, filename]) => {
              const { payload, contentType } = multipartBody({}, [{ filename, content: `a,b,c\n${content}\n`, contentType: 'text/csv' }]);
              return { contentType, payload };
            })
          : fc.constant(undefined),
    })
    .map(({ path, query, body }) => ({
      valid: true,
      kind: 'valid-shaped',
      path,
      query: query.filter((q): q is [string, string] => !!q),
      body,
    }));
}

/** Invalid requests for the operation (each is refused by the document), or undefined when it takes no input. */
function invalidCase(op: Operation): fc.Arbitrary<Case> | undefined {
  const mutations: fc.Arbitrary<Case>[] = [];
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const base = validCase(op);
  const withKind = (kind: string, f: (c: Case) => Case | fc.Arbitrary<Case>) =>
    base.chain((c) => {
      const r = f({ ...c, valid: false, kind });
      return r instanceof fc.Arbitrary ? r : fc.constant(r);
    });

  for (const p of [...pathParams, ...queryParams]) {
    const bad = badParamValues(p.schema);
    if (bad.length === 0) continue;
    mutations.push(
      withKind(`bad ${p.in} ${p.name}`, (c) =>
        fc
          .constantFrom(...bad)
          .map((v) =>
            p.in === 'path'
              ? { ...c, path: { ...c.path, [p.name]: v } }
              : { ...c, query: [...c.query.filter(([k]) => k !== p.name), [p.name, v]] },
          ),
      ),
    );
  }
  for (const p of queryParams.filter((q) => q.required)) {
    mutations.push(withKind(`missing ${p.name}`, (c) => ({ ...c, query: c.query.filter(([k]) => k !== p.name) })));
  }
  // List queries refuse parameters they do not know (CONVENTIONS.md).
  if (queryParams.some((p) => p.name === 'page[number]')) {
    mutations.push(
      withKind('unknown query key', (c) =>
        fc
          .constantFrom('__proto__[polluted]', 'filter[nope]', 'constructor', 'page[offset]', 'sort')
          .map((k) => ({ ...c, query: [...c.query, [k, '1']] })),
      ),
    );
  }
  if (op.body) {
    const schema = op.body;
    const fields = fieldsOf(schema);
    mutations.push(withKind('wrong content type', (c) => ({ ...c, body: { contentType: 'text/plain', payload: c.body!.payload } })));
    mutations.push(
      withKind('malformed JSON', (c) => ({
        ...c,
        body: { contentType: JSONAPI_MEDIA_TYPE, payload: String(c.body!.payload).slice(0, -1) + ',' },
      })),
    );
    mutations.push(withKind('body of wrong type', (c) => ({ ...c, body: json(['an', 'array']) })));
    mutations.push(
      withKind('__proto__ key', (c) => ({
        ...c,
        body: {
          contentType: JSONAPI_MEDIA_TYPE,
          payload: String(c.body!.payload).replace(/^\{/, '{"__proto__":{"isAdmin":true},').replace(/,\}$/, '}'),
        },
      })),
    );
    if (schema.additionalProperties === false) {
      mutations.push(withKind('unknown key', (c) => ({ ...c, body: json({ ...JSON.parse(String(c.body!.payload)), unexpected_key: 1 }) })));
    }
    for (const name of (schema.required ?? []) as string[]) {
      mutations.push(
        withKind(`missing ${name}`, (c) => {
          const b = JSON.parse(String(c.body!.payload));
          delete b[name];
          return { ...c, body: json(b) };
        }),
      );
    }
    const requiredPaths = (f: { path: string[] }) => {
      // Only a field whose parents are all required is sure to be present and checked.
      let s = schema;
      for (const k of f.path) {
        if (!(s.required ?? []).includes(k)) return false;
        s = s.properties[k];
      }
      return true;
    };
    for (const f of fields.filter(requiredPaths)) {
      const s = f.schema;
      const bad: unknown[] = [wrongTypeFor(s)];
      if (s.type === 'string' && s.maxLength !== undefined) bad.push('x'.repeat(s.maxLength + 1), '\u{1F600}'.repeat(s.maxLength + 1));
      if ((s.type === 'integer' || s.type === 'number') && s.maximum !== undefined) bad.push(1e300, Number.MAX_SAFE_INTEGER * 4);
      if (s.type === 'integer') bad.push(1.5);
      if (s.type === 'string' && s.pattern === '^\\d{8}$') bad.push('2026-02-30', 'not-a-date');
      mutations.push(
        withKind(`bad ${f.path.join('.')}`, (c) =>
          fc.constantFrom(...bad).map((v) => {
            const b = JSON.parse(String(c.body!.payload));
            setPath(b, f.path, v);
            return { ...c, body: json(b) };
          }),
        ),
      );
    }
  }
  if (op.multipart) {
    mutations.push(withKind('JSON instead of a file', (c) => ({ ...c, body: json({ file: 'a,b\n1,2' }) })));
    mutations.push(withKind('no body', (c) => ({ ...c, body: undefined })));
  }
  return mutations.length > 0 ? fc.oneof(...mutations) : undefined;
}

/**
 * Bodies of the wrong shape altogether, sent once to every operation that takes a body (a random draw among
 * the mutations might miss one): JSON null, scalars, an array, an empty object when fields are required,
 * and no body at all.
 */
function structuralCases(op: Operation, sample: Case): Case[] {
  if (!op.body && !op.multipart) return [];
  const bodies: [string, Case['body']][] = [
    ['null body', { contentType: JSONAPI_MEDIA_TYPE, payload: 'null' }],
    ['number body', { contentType: JSONAPI_MEDIA_TYPE, payload: '0' }],
    ['string body', { contentType: JSONAPI_MEDIA_TYPE, payload: '"text"' }],
    ['boolean body', { contentType: JSONAPI_MEDIA_TYPE, payload: 'true' }],
    ['array body', { contentType: JSONAPI_MEDIA_TYPE, payload: '[]' }],
    ['no body', undefined],
  ];
  if (op.multipart || (op.body?.required ?? []).length > 0)
    bodies.push(['empty object', { contentType: JSONAPI_MEDIA_TYPE, payload: '{}' }]);
  return bodies.map(([kind, body]) => ({ ...sample, valid: false, kind, body }));
}

// ---- the run ------------------------------------------------------------------------------------

let t: TestApp;
let operations: Operation[] = [];
let tables: string[] = [];
const sessions = new Map<string, { principal: Principal; cookie: string }>();

async function signIn(username: string) {
  const u = DEMO_USERS.find((x) => x.username === username)!;
  // Wrong passwords or codes among the generated requests may have locked the account.
  await t.db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.username, username));
  sessions.set(username, {
    principal: { accountType: u.accountType as 0 | 1 | 2, grantedTasks: [...u.grantedTasks] },
    cookie: await loginAs(t.app, username),
  });
}

/** The server's error log (a 5xx names its cause in the report). */
const serverErrors: string[] = [];

beforeAll(async () => {
  const log = pino({ level: 'error' }, { write: (line: string) => serverErrors.push(line.slice(0, 1500)) });
  // A wrong current password on the profile counts toward the lockout (moving the recovery address needs it):
  // generated requests must not lock the users this test signs in again after a sign-out.
  // The request budget counted in the database (RATE_LIMIT_STORE=database, the default on PostgreSQL) is a
  // write every request makes, refused or not: not a change a refused request may not make. It is counted in
  // memory here; multi-process/shared-rate-limit.test.ts tests the database store.
  t = await createTestApp({ env: { LOGIN_LOCK_ATTEMPTS: '100', RATE_LIMIT_STORE: 'memory' }, build: { loggerInstance: log } });
  await seedUsers(t.ctx);
  for (const u of ['corp', 'dealer', 'customer']) await signIn(u);
  // The routes that read a multipart upload (they declare no JSON body in the document), found by probing.
  const uploads = await findUploadRoutes(
    t.app,
    (r) => cookieFor({ method: r.method, path: r.url, route: r.url, params: [], multipart: false }).cookie,
    TEST_ORIGIN,
  );
  const multipart = new Set(uploads.routes.map((r) => `${r.method} ${r.url}`));
  const doc = t.app.swagger() as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, o]) => ({
      method: method.toUpperCase(),
      path,
      route: path.replace(/\{([^}]+)\}/g, ':$1'),
      params: o.parameters ?? [],
      body: o.requestBody?.content['application/json']?.schema,
      multipart: multipart.has(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
    })),
  );
  const { rows } = await t.database.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  tables = rows.map((r) => r.table_name);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Each public table's row count and a checksum of its whole content. */
type TableState = Map<string, { rows: number; md5: string }>;

/**
 * The content of every public table: its row count and an md5 of all its rows (each row as text, in
 * text order), so that an update that keeps the count shows too.
 */
async function tableStates(): Promise<TableState> {
  const sql = tables
    .map((n) => {
      const q = `"${n.replace(/"/g, '""')}"`;
      return `select '${n}' as t, count(*)::int as n, md5(coalesce(string_agg(r::text, E'\\n' order by r::text), '')) as h from ${q} r`;
    })
    .join(' union all ');
  const { rows } = await t.database.query<{ t: string; n: number; h: string }>(sql);
  return new Map(rows.map((r) => [r.t, { rows: r.n, md5: r.h }]));
}

/** The tables whose content differs, as `name=rows->rows` (`name~` when only the content changed). */
function changedTables(before: TableState, after: TableState): string[] {
  const out: string[] = [];
  for (const [name, a] of after) {
    const b = before.get(name);
    if (!b || b.md5 !== a.md5) out.push(b && b.rows === a.rows ? `${name}~` : `${name}=${b?.rows ?? 0}->${a.rows}`);
  }
  return out;
}

function cookieFor(op: Operation): { user?: string; cookie?: string } {
  if (WITHOUT_SESSION.has(`${op.method} ${op.path}`)) return {};
  const access = t.app.routeAccess.find((r) => r.method === op.method && r.url === op.route)?.access;
  if (!access || access === 'public') return { user: 'corp', cookie: sessions.get('corp')!.cookie };
  const permission = permissions[access as Exclude<Access, 'public'>];
  for (const [user, s] of sessions) if (permission.check(s.principal)) return { user, cookie: s.cookie };
  return {};
}

let addressSeq = 0;
/** Each request comes from its own loopback-like address, so that the per-address rate limits stay out of the way. */
const nextAddress = () => {
  addressSeq++;
  return `10.${(addressSeq >> 16) & 255}.${(addressSeq >> 8) & 255}.${addressSeq & 255}`;
};

function inject(app: FastifyInstance, op: Operation, c: Case, cookie?: string) {
  const url = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(c.path[name] ?? '1'));
  const qs = c.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const options: InjectOptions = {
    method: op.method as InjectOptions['method'],
    url: qs ? `${url}?${qs}` : url,
    remoteAddress: nextAddress(),
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      origin: TEST_ORIGIN,
      accept: `${JSONAPI_MEDIA_TYPE}, application/json`,
      ...(cookie ? { cookie } : {}),
      ...(c.body ? { 'content-type': c.body.contentType } : {}),
    },
    ...(c.body ? { payload: c.body.payload } : {}),
  };
  return app.inject(options);
}

describe('fuzzing from the OpenAPI document', () => {
  it(`answers ${RUNS} generated requests per operation without a 5xx, refusing every invalid one with a 4xx and no change`, async () => {
    expect(operations.length).toBeGreaterThan(50);
    const figures = {
      operations: 0,
      cases: 0,
      valid: 0,
      invalid: 0,
      status5xx: 0,
      invalidNot4xx: 0,
      responsesOffDocument: 0,
      /** Answers checked against the JSON:API error document and the JSON:API data document. */
      errorDocuments: 0,
      dataDocuments: 0,
      nonJsonAnswers: 0,
      rowsChangedByRejected: 0,
    };
    const problems: string[] = [];
    let state = await tableStates();
    for (const [i, op] of operations.entries()) {
      const invalid = invalidCase(op);
      const valid = validCase(op);
      const half = invalid ? Math.ceil(RUNS / 2) : RUNS;
      const validCases = fc.sample(valid, { numRuns: half, seed: SEED + i });
      const cases = [
        ...validCases,
        ...(invalid ? fc.sample(invalid, { numRuns: RUNS - half, seed: SEED + i + 7919 }) : []),
        ...structuralCases(op, validCases[0]!),
      ];
      figures.operations++;
      for (const c of cases) {
        const { user, cookie } = cookieFor(op);
        const res = await inject(t.app, op, c, cookie);
        figures.cases++;
        figures[c.valid ? 'valid' : 'invalid']++;
        const where = `${op.method} ${op.path} [${c.kind}] ${JSON.stringify({ path: c.path, query: c.query, body: String(c.body?.payload ?? '').slice(0, 200) })} -> ${res.statusCode} ${res.payload.slice(0, 300)}`;
        if (res.statusCode >= 500) {
          figures.status5xx++;
          problems.push(`5xx: ${where}\n  server log: ${serverErrors.slice(-2).join(' | ')}`);
        }
        if (!c.valid && (res.statusCode < 400 || res.statusCode >= 500)) {
          figures.invalidNot4xx++;
          problems.push(`invalid not refused: ${where}`);
        }
        const contentType = String(res.headers['content-type'] ?? '');
        const problem = documentProblem(res.statusCode, contentType, res.payload, op.path);
        if (problem) {
          figures.responsesOffDocument++;
          problems.push(`answer off the JSON:API document (${problem}): ${where}`);
        } else if (res.statusCode >= 400) {
          figures.errorDocuments++;
        } else if (/json/.test(contentType)) {
          figures.dataDocuments++;
        } else {
          figures.nonJsonAnswers++;
        }
        const after = await tableStates();
        const changed = changedTables(state, after);
        if (res.statusCode >= 400 && changed.length > 0 && !sanctionedChange(op, changed)) {
          figures.rowsChangedByRejected++;
          problems.push(`rows changed by a refused request: ${where}\n  changed ${changed.join(' ')}`);
        }
        state = after;
        // A generated request may end the session (a password or e-mail change, a lockout by wrong step-up
        // passwords); sign in again, and count the sign-in's own rows before the next request.
        if (user && res.statusCode === 401) {
          await signIn(user);
          state = await tableStates();
        }
      }
    }
    console.log(
      `fuzz: operations ${figures.operations}, cases ${figures.cases} (valid-shaped ${figures.valid}, invalid ${figures.invalid}), ` +
        `5xx ${figures.status5xx}, invalid not 4xx ${figures.invalidNot4xx}, answers off the JSON:API document ${figures.responsesOffDocument} ` +
        `(checked: ${figures.errorDocuments} error and ${figures.dataDocuments} data documents; non-JSON 2xx/3xx ${figures.nonJsonAnswers}), rows changed by refused requests ${figures.rowsChangedByRejected}`,
    );
    recordFigures('fuzz', { runsPerOperation: RUNS, seed: SEED, ...figures });
    // One line per kind of problem and operation, so that a single broken route does not hide the others.
    const distinct = [...new Map(problems.map((p) => [p.replace(/ \[.*$/s, '').replace(/\{.*$/s, ''), p])).values()];
    expect(distinct.slice(0, 20)).toEqual([]);
    expect(figures.cases).toBeGreaterThanOrEqual(operations.length * RUNS);
  }, 1_800_000);
});

/**
 * Refusals that are recorded on purpose: a refused sign-in, password-reset or account request (throttling
 * counters and the audit trail of failed sign-ins, ASVS 7.2), and a refused upload, kept as one failed
 * unit of the file-status page with its audit entry (decision 0091; an item-code file whose rows were
 * refused likewise), and a wrong current password on the profile (the lockout's count).
 */
function sanctionedChange(op: Operation, changed: string[]): boolean {
  if (/\/framework\/login|create_reset_password_request|reset_password|create_account_request/.test(op.path)) {
    return changed.every((d) => /^(audit_log|login_attempts|auth_throttle|throttle\w*|rate_limits?)[=~]/.test(d));
  }
  // A wrong current password when moving the recovery address counts toward the account's lockout
  // (users.failed_logins, decision 0310): the row's content only, no audit entry, no new row.
  if (op.method === 'POST' && op.path === '/fc-common-api/users/profile') return changed.every((d) => d === 'users~');
  // A wrong second-factor code or step-up password: the lockout's count and its audit entry (decision 0700).
  if (/\/second-factor|\/session\/verify/.test(op.path)) return changed.every((d) => /^(audit_log=|users~)/.test(d));
  if (op.multipart) {
    return changed.every((d) => {
      const m = /^(audit_log|inbound_files)=(\d+)->(\d+)$/.exec(d);
      return !!m && Number(m[3]) === Number(m[2]) + 1;
    });
  }
  return false;
}
