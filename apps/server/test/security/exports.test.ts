import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, type Principal } from '@fc/contract';
import type { Access } from '../../src/http/access';
import { seedDemo } from '../../src/seed/index';
import { createTestApp, type TestApp } from '../helpers/app';
import { api, DEMO_USERS, loginAs } from '../helpers/http';
import {
  columnOfParameter,
  fillPath,
  isFormula,
  operationsOf,
  recordFigures,
  SIGN_OUT,
  spreadsheetRecords,
  withQuery,
  type Operation,
} from './support';

/**
 * Every CSV export, found by calling every GET route of the portal and keeping those that answer
 * text/csv, after every text column of the demo data was given a leading character that a spreadsheet
 * runs as a formula (=, +, -, @, tab, CR) and files with formula cells were uploaded and processed (the
 * price file result and the core upload report echo the uploaded cells): each file parses with the same
 * number of fields on every line, and no cell reaches the spreadsheet starting with one of them (or
 * NUL) unescaped, whether the spreadsheet splits lines at commas or at semicolons.
 */
const PREFIXES = ['=', '+', '-', '@', '\t', '\r', '=HYPERLINK("http://x")&', '-2+3+cmd|', 'x;=1+1;', ';"=2";-3+cmd|', '-5;@A1;'];
/**
 * Tables left alone: the rows that sign people in (so that the sessions stay valid), and the uploaded
 * files, whose state and job ids the downloads look up (their cells are hostile already).
 */
const LEFT_ALONE = new Set(['users', 'sessions', 'password_history', 'password_reset_tokens', 'inbound_files']);
/** Cells of the uploaded files. */
const FORMULAS = ['=cmd|calc!A1', '+1+1', '-2+3', '@SUM(A1)', '=HYPERLINK("http://x")'];

let t: TestApp;
let mangled = 0;
type Caller = { username: string; principal: Principal; cookie: string; client: ReturnType<typeof api> };
const callers: Caller[] = [];

async function waitForFiles(kind: string, count: number) {
  const until = Date.now() + 60_000;
  for (;;) {
    const { rows } = await t.database.query<{ n: number }>(
      "select count(*)::int as n from inbound_files where kind = $1 and state in ('done', 'failed') and result is not null",
      [kind],
    );
    if (rows[0]!.n >= count) return;
    if (Date.now() > until) {
      const { rows: files } = await t.database.query('select seq, kind, state, message, attempts from inbound_files');
      throw new Error(`the ${kind} file was not processed in time: ${JSON.stringify(files)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  t = await createTestApp({ jobs: true });
  await seedDemo(t.db);
  for (const username of ['corp', 'customer', 'dealer']) {
    const u = DEMO_USERS.find((x) => x.username === username)!;
    const cookie = await loginAs(t.app, username);
    callers.push({
      username,
      principal: { accountType: u.accountType, grantedTasks: [...u.grantedTasks] },
      cookie,
      client: api(t.app, cookie),
    });
  }
  const [corp, , dealer] = callers;
  // Files whose cells come back in a download: the price file's result and the core upload's report.
  const price = await dealer!.client.upload('/fc-common-api/mpp/price', {
    filename: 'formulas.csv',
    content: ['part_no,price', ...FORMULAS.map((f) => `${quoted(f)},${quoted(f)}`)].join('\n'),
    contentType: 'text/csv',
  });
  expect(price.status, price.text).toBe(202);
  const core = await corp!.client.upload(
    '/fc-common-api/parts/core-management',
    {
      filename: 'formulas.csv',
      content: [
        'cust_no,part_no,effective_date,expiry_date,status',
        ...FORMULAS.map((f) => `${quoted(f)},${quoted(f)},${quoted(f)},,${quoted(f)}`),
      ].join('\n'),
      contentType: 'text/csv',
    },
    { type: '0' },
  );
  expect(core.status, core.text).toBe(202);
  await waitForFiles('price', 1);
  await waitForFiles('core', 1);

  const { rows: columns } = await t.database.query<{ table_name: string; column_name: string; max: number | null }>(
    `select c.table_name, c.column_name, c.character_maximum_length as max
       from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'character')
      order by 1, 2`,
  );
  const cases = PREFIXES.map((p, i) => `when ${i} then ${sqlString(p)}`).join(' ');
  for (const c of columns) {
    if (LEFT_ALONE.has(c.table_name)) continue;
    const col = `"${c.column_name}"`;
    // A different prefix per row; a column with a check constraint or a foreign key may refuse it, which is fine.
    const value = `(case abs(hashtext(ctid::text)) % ${PREFIXES.length} ${cases} end) || coalesce(${col}, '')`;
    try {
      await t.database.query(`update "${c.table_name}" set ${col} = left(${value}, ${c.max ?? 100000})`);
      mangled++;
    } catch {
      // constraint refused the value: the column keeps its data
    }
  }
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const quoted = (s: string) => `"${s.replace(/"/g, '""')}"`;
const sqlString = (s: string) => `'${s.replace(/'/g, "''")}'`;

function checkCsv(name: string, text: string) {
  const records = parse(text, { relax_quotes: false, bom: true }) as string[][];
  expect(records.length, `${name}: header`).toBeGreaterThan(0);
  const width = records[0]!.length;
  let escaped = 0;
  let cells = 0;
  for (const [i, row] of records.entries()) {
    expect(row.length, `${name}: fields on line ${i + 1}`).toBe(width);
    for (const cell of row) {
      cells++;
      const dangerous = /^[=+@\t\r\0]/.test(cell) || (cell.startsWith('-') && !/^-\d+(\.\d+)?$/.test(cell));
      expect(dangerous, `${name}: line ${i + 1} cell ${JSON.stringify(cell)}`).toBe(false);
      if (/^'[=+\-@\t\r]/.test(cell)) escaped++;
    }
  }
  // The same file in a spreadsheet whose list separator is a semicolon (issue 16).
  for (const [i, row] of spreadsheetRecords(text.replace(/^\uFEFF/, ''), ';').entries()) {
    for (const field of row) {
      expect(isFormula(field), `${name}: line ${i + 1} split at semicolons, field ${JSON.stringify(field)}`).toBe(false);
    }
  }
  return { rows: records.length - 1, cells, escaped };
}

/**
 * The browser's way to the same file (decision 0630): the web app's check call answers 204 without the
 * file, then a plain navigation (no X-Requested-With, the browser's Accept, the session cookie only) gets
 * the same bytes as an attachment; without a session both are refused.
 */
async function checkBrowserDownload(url: string, cookie: string, expected: string) {
  const check = await t.app.inject({
    method: 'GET',
    url,
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'x-download-check': '1' },
  });
  expect(check.statusCode, `${url}: check`).toBe(204);
  expect(check.payload, `${url}: check`).toBe('');
  const navigation = await t.app.inject({
    method: 'GET',
    url,
    headers: { cookie, accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'sec-fetch-mode': 'navigate' },
  });
  expect(navigation.statusCode, `${url}: link`).toBe(200);
  expect(navigation.headers['content-disposition'], `${url}: link`).toMatch(/^attachment; filename="[^"/\\]+\.csv"/);
  expect(navigation.headers['cache-control'], `${url}: link`).toBe('no-store');
  expect(navigation.payload, `${url}: link`).toBe(expected);
  for (const headers of [{ 'x-download-check': '1' }, {}]) {
    expect((await t.app.inject({ method: 'GET', url, headers })).statusCode, `${url}: signed out`).toBe(401);
  }
}

/**
 * Values to try for a parameter: every value of the column it names (in any table, newest first), or
 * the values its schema lists. A route is called with each combination until it answers 200.
 */
async function candidatesFor(op: Operation, name: string): Promise<string[]> {
  const p = op.params.find((x) => x.name === name)!;
  if (p.schema?.enum) return (p.schema.enum as unknown[]).map(String);
  const column = columnOfParameter(name);
  const { rows: tables } = await t.database.query<{ table_name: string }>(
    `select c.table_name from information_schema.columns c join information_schema.tables tb using (table_schema, table_name)
      where c.table_schema = 'public' and tb.table_type = 'BASE TABLE' and c.column_name = $1 order by 1`,
    [column],
  );
  const out: string[] = [];
  for (const { table_name } of tables) {
    const { rows } = await t.database.query<{ v: string }>(
      `select v from (select distinct "${column}"::text as v from "${table_name}" where "${column}" is not null) d order by v desc limit 25`,
    );
    out.push(...rows.map((r) => r.v));
  }
  return [...new Set(out)];
}

function* combinations(lists: string[][], limit: number): Generator<string[]> {
  let n = 0;
  function* walk(i: number, acc: string[]): Generator<string[]> {
    if (n >= limit) return;
    if (i === lists.length) {
      n++;
      yield acc;
      return;
    }
    for (const v of lists[i]!) yield* walk(i + 1, [...acc, v]);
  }
  yield* walk(0, []);
}

describe('CSV exports under formula injection', () => {
  it('gave the demo data hostile leading characters', () => {
    expect(mangled).toBeGreaterThan(20);
  });

  it('every GET route that answers text/csv round-trips and escapes every formula cell', async () => {
    const operations = operationsOf(t.app);
    const exports: { route: string; url: string; caller: string }[] = [];
    const unreached: string[] = [];
    for (const r of t.app.routeAccess.filter((x) => x.method === 'GET' && !SIGN_OUT.test(x.url))) {
      const allowed = callers.filter((c) => r.access === 'public' || permissions[r.access as Exclude<Access, 'public'>].check(c.principal));
      if (allowed.length === 0) continue;
      const op = operations.find((o) => o.method === 'GET' && o.route === r.url) ?? {
        method: 'GET',
        path: r.url,
        route: r.url,
        params: [],
      };
      const required = op.params.filter((p) => p.required);
      const lists = await Promise.all(required.map((p) => candidatesFor(op, p.name)));
      let reached = false;
      // Every caller the route admits: a customer's own export as well as corporate staff's.
      for (const caller of allowed) {
        // The first answer with data rows; a CSV of only its header is kept if nothing better comes.
        let headerOnly: string | undefined;
        for (const values of combinations(lists, 60)) {
          const path: Record<string, string> = {};
          const query: [string, string][] = [];
          required.forEach((p, i) => (p.in === 'path' ? (path[p.name] = values[i]!) : query.push([p.name, values[i]!])));
          const url = withQuery(fillPath(r.url, path), query);
          const res = await caller.client.get(url);
          if (res.status !== 200) continue;
          reached = true;
          if (!/^text\/csv/.test(String(res.headers['content-type']))) break;
          if ((parse(res.text, { bom: true, relax_quotes: true, relax_column_count: true }) as unknown[]).length > 1) {
            exports.push({ route: r.url, url, caller: caller.username });
            headerOnly = undefined;
            break;
          }
          headerOnly ??= url;
        }
        if (headerOnly) exports.push({ route: r.url, url: headerOnly, caller: caller.username });
      }
      if (!reached) unreached.push(r.url);
    }

    const figures: string[] = [];
    let escapedTotal = 0;
    let cellsTotal = 0;
    const empty: string[] = [];
    for (const e of exports) {
      const caller = callers.find((c) => c.username === e.caller)!;
      const res = await caller.client.get(e.url);
      const { rows, cells, escaped } = checkCsv(`${e.caller}: ${e.url}`, res.text);
      await checkBrowserDownload(e.url, caller.cookie, res.text);
      escapedTotal += escaped;
      cellsTotal += cells;
      figures.push(`${e.route} as ${e.caller}: ${rows} rows, ${escaped} escaped`);
      if (rows === 0 && !exports.some((x) => x.route === e.route && x !== e)) empty.push(e.route);
    }
    const routes = [...new Set(exports.map((e) => e.route))];
    console.log(`exports: ${figures.join('; ')}; GET routes never answering 200 here: ${unreached.join(', ') || 'none'}`);
    recordFigures('exports', {
      csvExports: routes.length,
      downloadsChecked: exports.length,
      cells: cellsTotal,
      formulaCellsEscaped: escapedTotal,
      unescapedFormulaCells: 0,
      routes,
      getRoutesNotReached: unreached,
    });
    // The downloads that echo uploaded cells, and every route whose name says it is a download, were reached.
    expect(routes).toContain('/fc-common-api/mpp/download');
    expect(routes).toContain('/fc-common-api/parts/core-management/report');
    expect(unreached.filter((u) => /csv|download|report|export/.test(u))).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(9);
    // Each export was checked with data in it, not only its header.
    expect(empty).toEqual([]);
    expect(exports.some((e) => e.caller === 'customer')).toBe(true);
    expect(escapedTotal).toBeGreaterThan(10);
  }, 180_000);
});
