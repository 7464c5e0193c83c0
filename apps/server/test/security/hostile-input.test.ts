import fc from 'fast-check';
import pino from 'pino';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_FIELD, JSONAPI_MEDIA_TYPE } from '@fc/contract';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/app';
import { FORM_TOKEN, loginAs, seedUsers, withFormTokenCookie } from '../helpers/http';
import { concrete, operationsOf, recordFigures, SIGN_OUT, type Operation } from './support';

/**
 * Issue 16: generated hostile strings (NUL, lone surrogates, bidirectional and zero-width characters, very
 * long values, SQL and CSV metacharacters) in every query parameter, path parameter, JSON field and form
 * field of every route of the portal (app.routeAccess), sent by a corporate user, who may call nearly all of
 * them. No answer may be a 5xx, and no request holding a character the database cannot store may be
 * accepted. HOSTILE_RUNS sets the cases per route (npm run test:reliability: 60), FUZZ_SEED replays a run.
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);

/** Characters that have hurt some parser, database or spreadsheet, and a few ordinary ones. */
const UNITS = [
  '\u0000',
  '\ud800',
  '\udc00',
  '\u202e',
  '\u2066',
  '\u200b',
  '\ufeff',
  "'",
  '"',
  ';',
  ',',
  '=',
  '+',
  '-',
  '@',
  '\\',
  '%',
  '\n',
  '\r',
  '\t',
  '<',
  '>',
  '&',
  'a',
  '1',
  'é',
  '🚚',
  '\u0085',
  '\u2028',
];
const hostile: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfff',
    '\ud83d',
    'Acme \u202eexe.gnp',
    'a\u200bb\u2060c\ufeff',
    "' OR 1=1 --",
    "'; drop table users; --",
    '" or ""="',
    '\\',
    '\\x00',
    '%00',
    '$1',
    '=cmd|calc!A1',
    ';=1+1',
    '-2+3+cmd|',
    '@SUM(A1)',
    '\t\r\n',
    '1e999',
    '-1',
    '99999999999999999999999',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '{"a":1}',
    'null',
    '',
    ' ',
  ),
  fc.string({ unit: fc.constantFrom(...UNITS), minLength: 1, maxLength: 40 }),
  fc.constantFrom(1_000, 10_000, 200_000).map((n) => 'é\u0000x'.repeat(Math.ceil(n / 3)).slice(0, n)),
  fc.constantFrom(1_000, 10_000).map((n) => 'x'.repeat(n)),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }),
);

/** Percent-encoding of the UTF-8 of a string; a lone surrogate (which encodeURIComponent refuses) as U+FFFD. */
const pct = (s: string) =>
  [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('');

// eslint-disable-next-line no-control-regex -- looking for NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Query names tried on every route besides those its schema declares (list routes take these). */
const COMMON_QUERY = ['search', 'filter[search]', 'sort', 'page[number]', 'page[size]', 'filter[name]'];

type Mode = 'query' | 'path' | 'json' | 'form';

/** The query parameters a route's schema declares, and the common ones of lists. */
const queryNamesOf = (op: Operation | undefined) => [
  ...new Set([...(op?.params ?? []).filter((p) => p.in === 'query').map((p) => p.name), ...COMMON_QUERY]),
];

let t: TestApp;
let corp = '';
const serverErrors: string[] = [];

beforeAll(async () => {
  const log = pino({ level: 'error' }, { write: (line: string) => serverErrors.push(line.slice(0, 1500)) });
  t = await createTestApp({ build: { loggerInstance: log } });
  await seedUsers(t.ctx);
  corp = await loginAs(t.app, 'corp');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

let addressSeq = 0;
/** Each request from its own address, so that the per-address limits stay out of the way. */
const nextAddress = () => {
  addressSeq++;
  return `10.${(addressSeq >> 16) & 255}.${(addressSeq >> 8) & 255}.${addressSeq & 255}`;
};

function request(
  route: { method: string; url: string },
  op: Operation | undefined,
  mode: Mode,
  value: string,
  which: number,
): { options: InjectOptions; unstorable: boolean } {
  const pathNames = (op?.params ?? []).filter((p) => p.in === 'path').map((p) => p.name);
  const queryNames = queryNamesOf(op);
  const bodyNames = Object.keys((op?.body?.properties as Record<string, unknown> | undefined) ?? {});
  const fields = bodyNames.length > 0 ? bodyNames : ['name', 'description', 'value'];
  // Path parameters: hostile in 'path' cases, 1 otherwise (a concrete id the route can look up).
  const url = mode === 'path' ? route.url.replace(/:([A-Za-z_]+)/g, () => pct(value)).replace(/\*$/, pct(value)) : concrete(route.url);
  // One query parameter at a time (the case number picks it), so that a valid-looking request reaches the
  // statement behind it rather than stopping at the first refused parameter.
  const name = queryNames[which % queryNames.length]!;
  const qs = mode === 'query' ? `${pct(name)}=${pct(value)}` : '';
  const headers: Record<string, string> = {
    'x-requested-with': 'XMLHttpRequest',
    origin: TEST_ORIGIN,
    accept: `${JSONAPI_MEDIA_TYPE}, application/json`,
    cookie: withFormTokenCookie(corp),
  };
  let payload: string | undefined;
  if (mode === 'json') {
    headers['content-type'] = JSONAPI_MEDIA_TYPE;
    payload = JSON.stringify(Object.fromEntries(fields.map((f) => [f, value])));
  } else if (mode === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = [...fields.map((f) => `${pct(f)}=${pct(value)}`), `${CSRF_FIELD}=${FORM_TOKEN}`].join('&');
  }
  // A URL carries UTF-8: a lone surrogate arrives as U+FFFD, which can be stored. NUL survives everywhere.
  const unstorable = mode === 'json' ? UNSTORABLE.test(value) : value.includes('\u0000');
  void pathNames;
  return {
    options: {
      method: route.method as InjectOptions['method'],
      url: qs ? `${url}?${qs}` : url,
      remoteAddress: nextAddress(),
      headers,
      ...(payload === undefined ? {} : { payload }),
    },
    unstorable: unstorable && (mode !== 'path' || pathNames.length > 0 || /\*$/.test(route.url)),
  };
}

describe('hostile strings in every input of every route', () => {
  it(`answers ${RUNS} generated requests per route (and NUL in each input) without a 5xx, accepting no character the database cannot store`, async () => {
    const operations = operationsOf(t.app);
    const routes = t.app.routeAccess.filter((r) => !SIGN_OUT.test(r.url) && !r.url.startsWith('/ui/') && !r.url.includes('/ui/'));
    expect(routes.length).toBeGreaterThan(50);
    const figures = {
      routes: 0,
      cases: 0,
      status5xx: 0,
      unstorableCases: 0,
      unstorableAccepted: 0,
      statuses: {} as Record<string, number>,
    };
    const problems: string[] = [];
    let slowest = 0;
    for (const [i, route] of routes.entries()) {
      const op = operations.find((o) => o.method === route.method && o.route === route.url);
      const modes: Mode[] = route.method === 'GET' || route.method === 'DELETE' ? ['query', 'path'] : ['query', 'path', 'json', 'form'];
      // NUL in each query parameter in turn, and NUL or a lone surrogate in each other kind of input, first;
      // then generated values, each kind of input in turn and one query parameter at a time.
      const cases: { mode: Mode; value: string; which: number }[] = [
        ...queryNamesOf(op).map((_, which) => ({ mode: 'query' as const, value: 'a\u0000b', which })),
        ...modes.filter((m) => m !== 'query').map((mode) => ({ mode, value: mode === 'json' ? 'x\ud800' : 'y\u0000z', which: 0 })),
        ...fc.sample(hostile, { numRuns: RUNS, seed: SEED + i }).map((value, n) => ({ mode: modes[n % modes.length]!, value, which: n })),
      ];
      figures.routes++;
      for (const { mode, value, which } of cases) {
        // A URL over 8 KB is refused by any proxy in front; the body takes the very long values.
        const { options, unstorable } = request(
          route,
          op,
          mode,
          mode === 'query' || mode === 'path' ? value.slice(0, 8_000) : value,
          which,
        );
        const started = Date.now();
        const res = await t.app.inject(options);
        figures.cases++;
        slowest = Math.max(slowest, Date.now() - started);
        figures.statuses[res.statusCode] = (figures.statuses[res.statusCode] ?? 0) + 1;
        const where = `${route.method} ${route.url} [${mode}] ${JSON.stringify(value.slice(0, 60))}${value.length > 60 ? `…(${value.length})` : ''} -> ${res.statusCode} ${res.payload.slice(0, 200)}`;
        if (res.statusCode >= 500) {
          figures.status5xx++;
          problems.push(`5xx: ${where}\n  server log: ${serverErrors.slice(-2).join(' | ')}`);
        }
        if (unstorable) {
          figures.unstorableCases++;
          if (res.statusCode < 400) {
            figures.unstorableAccepted++;
            problems.push(`accepted a character the database cannot store: ${where}`);
          }
        }
        // A generated request may end the session (an e-mail change); sign in again.
        if (res.statusCode === 401) corp = await loginAs(t.app, 'corp');
      }
    }
    console.log(
      `hostile input: routes ${figures.routes}, cases ${figures.cases}, 5xx answers from the fuzzers ${figures.status5xx}, ` +
        `requests with NUL or a lone surrogate ${figures.unstorableCases} (accepted ${figures.unstorableAccepted}), slowest answer ${slowest} ms`,
    );
    recordFigures('hostile-input', { runsPerRoute: RUNS, seed: SEED, ...figures });
    const distinct = [...new Map(problems.map((p) => [p.replace(/ \[.*$/s, ''), p])).values()];
    expect(distinct.slice(0, 20)).toEqual([]);
    expect(figures.cases).toBeGreaterThanOrEqual(routes.length * RUNS);
  }, 1_800_000);
});
