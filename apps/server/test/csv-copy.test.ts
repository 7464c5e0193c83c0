import Fastify from 'fastify';
import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, redactAudit } from '../src/audit/audit';
import { to as copyTo } from 'pg-copy-streams';
import { copyCsv, inlineSql, sqlLiteral } from '../src/db/copy';
import { auditLog } from '../src/db/schema/index';
import { safeCell, sendCsv } from '../src/http/csv';
import { createTestApp, type TestApp } from './helpers/app';
import { api, loginAs, seedUsers } from './helpers/http';

/**
 * The audit CSV is written by the database (COPY, decision 0120). These tests hold it to the file the
 * JavaScript writer made before (sendCsv over the rows Drizzle reads, the change cell JSON.stringify of
 * the redacted before and after), byte for byte, for records written by audit() (which stores the change
 * text) and records without it, whose change the database makes from jsonb.
 */
let t: TestApp;
let corp: string;

const HEADER = ['at', 'username', 'entity', 'entity_id', 'action', 'request_id', 'change'];

/** What the export wrote before decision 0120: the same rows through sendCsv. */
async function javascriptCsv(): Promise<string> {
  // The list's default order: newest first, records of one instant by id in the same direction (decision 0992).
  const rows = await t.db.select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id));
  const app = Fastify();
  app.get('/csv', (_req, reply) =>
    sendCsv(
      reply,
      'x.csv',
      HEADER,
      rows.map((r) => [
        r.at.toISOString(),
        r.username ?? '',
        r.entity,
        r.entityId ?? '',
        r.action,
        r.requestId ?? '',
        JSON.stringify(redactAudit({ before: r.before ?? null, after: r.after ?? null })),
      ]),
    ),
  );
  try {
    return (await app.inject({ method: 'GET', url: '/csv' })).payload;
  } finally {
    await app.close();
  }
}

// Values JavaScript writes into before and after: key order, numbers at the edges of their notation,
// strings that need escaping in JSON and in CSV, nesting, and bank numbers to redact at any depth.
const VALUES: unknown[] = [
  null,
  { custName: 'Prairie Haulers', status: 1, b: 2, a: 1, zz: null, é: 'accent', ab: [] },
  { 10: 'ten', 2: 'two', x: 'x', '01': 'not an index', 4294967295: 'too big for an index' },
  { n: [1e21, 1.5e21, 1e-7, 1.25e-7, 0.000001, 1e20, 123456789012345680000, -0, 0.1 + 0.2, 2 ** 53 + 1, -5, 0.5, 100, NaN] },
  { s: 'say "hi", then: leave', nl: 'a\nb\r\nc\ttab', ctl: '\u0001\u001f\u007f', slash: 'back\\slash /', emoji: '🚚 ünïcödé' },
  { nested: { deeper: [{ k: 'v', nothing: null }, [], {}, [[1, 2], { y: true, x: false }]] } },
  { s: 'looks like ": null inside', t: '"\u0001"', u: '=cmd|calc!A1' },
  { bankAcctNumber: '99887766554433', bankAbaNumber: 0, options: { bank_acct_number: false, bank_aba_number: '' } },
  { list: [{ bankAbaNumber: null }, { bankAbaNumber: { a: 1 } }, { bankAcctNumber: [1] }] },
  { when: new Date('2026-03-04T05:06:07.089Z'), gone: undefined },
  'a string',
  42,
  [],
];

// jsonb that JavaScript never writes: numbers with trailing zeros, more digits than a double holds, and a
// key order JavaScript would change.
const SQL_VALUES = [
  `'{"amount": 10.50, "rate": 1.000, "big": 12345678.123456789, "huge": 123456789012345678901234, "tiny": 0.00000012300}'`,
  `'{"3": "three", "1": "one", "b": [1.10, 2.0, -0.0]}'`,
  `'[0.1, 1e400, 5e-324]'`,
];

beforeAll(async () => {
  t = await createTestApp();
  await seedUsers(t.ctx);
  corp = await loginAs(t.app, 'corp');
  const req = { userId: null, username: null, requestId: 'req-1' };
  let n = 0;
  const at = () => new Date(Date.UTC(2026, 0, 1, 0, 0, n++, 123));
  for (const before of VALUES) {
    for (const after of [VALUES[1], before]) {
      // Through audit(), which stores the change text, and stored without it.
      await audit(t.db, req, { entity: 'customer', entityId: n, action: 'update', before, after });
      await t.db.insert(auditLog).values({ at: at(), entity: 'customer', entityId: String(n), action: 'update', before, after });
    }
  }
  for (const value of SQL_VALUES) {
    await t.database.query(
      `insert into audit_log (at, entity, action, before, after) values ('2026-02-01T00:00:00.5Z', 'sql', 'update', ${value}::jsonb, null)`,
    );
  }
  // A record written before its bank number was redacted: the stored change text has the number.
  await t.db.insert(auditLog).values({
    at: new Date('2026-02-02T00:00:00Z'),
    entity: 'customer',
    action: 'update',
    after: { options: { bankAcctNumber: '11223344556677' } },
    change: JSON.stringify({ before: null, after: { options: { bankAcctNumber: '11223344556677' } } }),
  });
  // Cells a spreadsheet would run, numbers that stay numbers, quotes, commas, line breaks and empty cells.
  const cells: [string | null, string, string | null, string, string | null][] = [
    ['=cmd', '+entity', '-12.5', '@action', null],
    ['\tTab', '\rCR', '-abc', 'a,b', ''],
    ['say "hi"', 'line\nbreak', '', '-', '-1'],
    [null, 'plain', '12', 'act', '=HYPERLINK("http://x")'],
  ];
  for (const [username, entity, entityId, action, requestId] of cells) {
    await t.db.insert(auditLog).values({ at: new Date('2026-02-03T00:00:00.999Z'), username, entity, entityId, action, requestId });
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /fc-common-api/audit/csv written by the database', () => {
  it('is byte for byte the file the JavaScript writer made from the same rows', async () => {
    const res = await api(t.app, corp).get('/fc-common-api/audit/csv');
    expect(res.status).toBe(200);
    const expected = await javascriptCsv();
    expect(res.text.split('\n')).toEqual(expected.split('\n'));
    expect(res.text).not.toContain('99887766554433');
    expect(res.text).not.toContain('11223344556677');
  });

  it('takes the list filters, search and sort (inlined into COPY) with quotes and backslashes in them', async () => {
    for (const search of ["o'clock", 'back\\slash', "\\'; drop table audit_log; --", '%', '_']) {
      const res = await api(t.app, corp).get('/fc-common-api/audit/csv', { 'filter[search]': search, 'filter[sort]': 'action|desc' });
      expect(res.status, search).toBe(200);
      expect(res.text.split('\n')[0]).toBe(HEADER.join(','));
    }
    const sql2 = await api(t.app, corp).get('/fc-common-api/audit/csv', { 'filter[entity]': 'sql', 'filter[sort]': 'at|asc' });
    expect(sql2.text.trim().split('\n')).toHaveLength(1 + SQL_VALUES.length);
  });
});

describe('inlineSql and sqlLiteral', () => {
  it('write every value so that the database reads back the same value', async () => {
    const strings = ["it's", 'back\\slash', "\\'", "'); select 1; --", '$1 $2', 'ünï 🚚', '', '"quoted"'];
    for (const s of strings) {
      const text = inlineSql(sql`select ${s}::text as v, '$1' as literal, ${7} as n`);
      const { rows } = await t.database.query<{ v: string; literal: string; n: number }>(text);
      expect(rows[0]).toEqual({ v: s, literal: '$1', n: 7 });
    }
    const { rows } = await t.database.query<{ n: string; d: string; b: boolean; z: null }>(
      inlineSql(
        sql`select ${-5}::int - ${-2}::int as n, ${new Date('2026-01-02T03:04:05Z')}::timestamptz = '2026-01-02T03:04:05Z' as b, ${null}::text as z`,
      ),
    );
    expect(rows[0]).toMatchObject({ n: -3, b: true, z: null });
    expect(() => sqlLiteral('nul\0')).toThrow();
    expect(() => sqlLiteral([1])).toThrow();
    expect(() => sqlLiteral(Number.NaN)).toThrow();
  });
});

describe('csv_cell', () => {
  it('escapes a text cell as safeCell does (an empty cell is NULL, which COPY writes as nothing)', async () => {
    const texts = [
      '',
      '-',
      '-1',
      '-1.5',
      '-1.',
      '--1',
      '-.5',
      '-1e3',
      '=1',
      '+1',
      '@a',
      '\tx',
      '\rx',
      ' =x',
      'a=b',
      '12',
      '1.5',
      'é',
      '🚚',
    ];
    for (const a of ['=', '+', '-', '@', '\t', '\r', 'x', '1', '-1', '\n']) texts.push(a + 'cmd', `${a}12`, `${a}1.25`);
    const { rows } = await t.database.query<{ s: string; cell: string | null }>('select s, csv_cell(s) as cell from unnest($1::text[]) s', [
      texts,
    ]);
    expect(rows).toHaveLength(texts.length);
    for (const r of rows) expect(r.cell ?? '', JSON.stringify(r.s)).toBe(safeCell(r.s));
    expect(rows.find((r) => r.s === '')!.cell).toBeNull();
  });
});

describe('js_json', () => {
  it('prints every number as JavaScript does', async () => {
    const numbers: string[] = ['0', '1', '-1', '1e21', '1e-7', '0.000001', '1.5e-300', '1.7976931348623157e308', '5e-324'];
    for (let i = 0; i < 3000; i++) {
      const x = (Math.random() - 0.5) * 10 ** Math.floor(Math.random() * 60 - 30);
      numbers.push(String(x), x.toPrecision(1 + (i % 20)), x.toFixed(i % 12));
    }
    const { rows } = await t.database.query<{ n: string; js: string }>(
      `select n, js_json(n::jsonb, '{}', '') as js from unnest($1::text[]) n`,
      [numbers],
    );
    for (const r of rows) expect(r.js, r.n).toBe(String(Number(r.n)));
  });
});

describe('copyCsv', () => {
  it('gives the connection back when the reader stops half-way', async () => {
    const stream = await copyCsv(t.database, sql`select g, repeat('x', 50) from generate_series(1, 100000) g`);
    const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    expect(first.toString().startsWith('g,repeat\n1,')).toBe(true);
    stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const pool = t.database.pool;
    if (pool) expect(pool.totalCount - pool.idleCount).toBe(0);
    const { rows } = await t.database.query<{ n: number }>('select count(*)::int as n from audit_log');
    expect(rows[0]!.n).toBeGreaterThan(VALUES.length);
  });

  it('writes the file COPY writes, in pieces, whatever the types and cells (PGlite reads it through a cursor)', async () => {
    // Text that COPY must quote (empty, quotes, separators, line breaks, the end-of-data marker), NULL,
    // and values of other types written as the database's text.
    const query = sql`select g, case g % 9 when 0 then '' when 1 then 'say "hi", ok' when 2 then E'two\nlines\r' when 3 then '\\.'
        when 4 then null when 5 then ' spaced ' when 6 then E'back\\slash' when 7 then 'é 🚚' else 'plain' end as "odd ""name"", here",
      g * 1.5 as num, (g % 2 = 0) as flag, timestamptz '2026-11-26 12:00:00+00' + make_interval(secs => g) as at,
      jsonb_build_object('g', g, 's', 'x,y') as doc, array[g, g + 1] as arr, null::text as nothing
      from generate_series(1, 5000) g order by g`;
    const stream = await copyCsv(t.database, query);
    const pieces: Buffer[] = [];
    for await (const piece of stream) pieces.push(Buffer.from(piece as Buffer | string));
    const file = Buffer.concat(pieces).toString();
    expect(file).toBe(await referenceCopy(inlineSql(query)));
    expect(file.split('\n')[0]).toBe('g,"odd ""name"", here",num,flag,at,doc,arr,nothing');
    if (t.database.kind === 'pglite') expect(pieces.length).toBeGreaterThan(1);
    // One column: a lone \. is quoted (it would end the data), and so is an empty string.
    const single = sql`select v from (values (1, '\\.'), (2, ''), (3, null), (4, 'a\\.')) x(n, v) order by n`;
    let one = '';
    for await (const piece of await copyCsv(t.database, single)) one += String(piece);
    expect(one).toBe(await referenceCopy(inlineSql(single)));
    expect(one).toBe('v\n"\\."\n""\n\na\\.\n');
  });

  it('closes its cursor or copy when the reader stops half-way, and the next statement runs', async () => {
    const stream = await copyCsv(t.database, sql`select g, repeat('x', 50) from generate_series(1, 20000) g`);
    await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { rows } = await t.database.query<{ name: string }>("select name from pg_cursors where name <> ''");
    expect(rows).toEqual([]);
  });
});

/** The CSV of a statement as COPY writes it: into a Blob on PGlite, to a stream on PostgreSQL. */
async function referenceCopy(text: string): Promise<string> {
  const statement = `copy (${text}) to ${t.database.kind === 'pglite' ? "'/dev/blob'" : 'stdout'} with (format csv, header)`;
  if (t.database.kind === 'pglite') {
    const res = await t.database.pglite!.query(statement);
    return Buffer.from(await res.blob!.arrayBuffer()).toString();
  }
  const client = await t.database.pool!.connect();
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of client.query(copyTo(statement))) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString();
  } finally {
    client.release();
  }
}
