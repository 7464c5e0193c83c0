import fs from 'node:fs/promises';
import os from 'node:os';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, type Principal } from '@fc/contract';
import { CSV_UPLOAD_LIMITS } from '@fc/contract/files';
import type { Access } from '../../src/http/access';
import { seedDemo } from '../../src/seed/index';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/app';
import { api, DEMO_USERS, loginAs, type UploadFile } from '../helpers/http';
import { fillPath, filesUnder, findUploadRoutes, recordFigures, type RegisteredRoute } from './support';

/**
 * Every route that reads an uploaded file (found among the registered routes) under abuse: each hostile
 * file is refused with a 4xx and a message naming the `file` field, the server and its job workers keep
 * running, no inbound_files row is stored and no file appears on disk. Accepted files keep their cells as
 * data and lose path and control characters from their names.
 */
let t: TestApp;
/** The server's error log: an upload must never make the server or a worker fail. */
const serverErrors: string[] = [];
interface Target {
  route: RegisteredRoute;
  url: string;
  cookie: string;
}
let targets: Target[] = [];
/** State-changing routes that answered a multipart form without a file with a 5xx, and what the server logged. */
let probeCrashes: string[] = [];
let probeErrors: string[] = [];

/**
 * A file each upload route accepts, with cells a spreadsheet would run, its form fields and its path
 * values. A new upload route needs an entry here: the test fails until it has one.
 */
const ACCEPTED: Record<string, { content: string; fields?: Record<string, string>; path?: () => Promise<Record<string, string>> }> = {
  '/fc-common-api/mpp/price': { content: 'part_no,price\n=cmd|calc!A1,+1\n@SUM(A1),1.00\n' },
  '/fc-common-api/transactions/file': {
    content: 'cust_no,date,invoice,item_code,amount,currency\n10001,01/15/2026,=HYPERLINK("http://x"),@A1,-2+3,USD\n',
  },
  '/fc-common-api/parts/core-management': {
    content: 'cust_no,part_no,effective_date,expiry_date,status\n10001,=cmd|calc!A1,01/01/2027,12/31/2027,A\n',
    fields: { type: '0' },
  },
  '/fc-common-api/loyalty/bundles/:bundle/item-codes/add/csv': {
    content: 'item_code,description\nZQ1,=cmd|calc!A1\n',
    path: async () => {
      const { rows } = await t.database.query<{ seq: string }>(
        'select bundle_seq::text as seq from loyalty_bundles where status = 0 order by 1 limit 1',
      );
      return { bundle: rows[0]!.seq };
    },
  },
};

/** Prefixed, so that a file left in the temp directory is recognisable. */
const NAME = 'fc-abuse-';

beforeAll(async () => {
  const log = pino({ level: 'error' }, { write: (line: string) => serverErrors.push(line.slice(0, 1000)) });
  t = await createTestApp({ jobs: true, build: { loggerInstance: log } });
  await seedDemo(t.db);
  // A dealer first: a corporate price upload also names the dealer (merchant_no).
  const callers: { principal: Principal; cookie: string }[] = [];
  for (const username of ['dealer', 'corp']) {
    const u = DEMO_USERS.find((x) => x.username === username)!;
    callers.push({ principal: { accountType: u.accountType, grantedTasks: [...u.grantedTasks] }, cookie: await loginAs(t.app, username) });
  }
  const cookieFor = (r: RegisteredRoute) =>
    r.access === 'public'
      ? callers[1]!.cookie
      : callers.find((c) => permissions[r.access as Exclude<Access, 'public'>].check(c.principal))?.cookie;
  const found = await findUploadRoutes(t.app, cookieFor, TEST_ORIGIN);
  probeCrashes = found.crashes;
  probeErrors = serverErrors.splice(0);
  const routes = found.routes;
  targets = [];
  for (const route of routes) {
    const sample = ACCEPTED[route.url];
    targets.push({ route, url: fillPath(route.url, (await sample?.path?.()) ?? {}), cookie: cookieFor(route)! });
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function storedFiles(): Promise<number> {
  const { rows } = await t.database.query<{ n: number }>('select count(*)::int as n from inbound_files');
  return rows[0]!.n;
}

/**
 * What the database holds of uploads: rows, bytes of file content, and rows that are not a finished
 * failure (a refused file may be recorded as a failed unit without its bytes, decision 0091, but never
 * with them, and never queued for a worker).
 */
async function uploadState(): Promise<{ rows: number; bytes: number; live: number; jobs: number }> {
  const { rows } = await t.database.query<{ rows: number; bytes: number; live: number; jobs: number }>(
    `select count(*)::int as rows, coalesce(sum(length(content)), 0)::int as bytes,
            count(*) filter (where state <> 'failed' or job_id is not null)::int as live,
            (select count(*)::int from pgboss.job) as jobs
       from inbound_files`,
  );
  return rows[0]!;
}

/** Files of this test in the temp directory (the multipart reader must keep uploads in memory). */
async function tempLeftovers(): Promise<string[]> {
  return (await fs.readdir(os.tmpdir()).catch(() => [] as string[])).filter((n) => n.includes(NAME));
}

const csv = (s: string) => Buffer.from(s);
const header = 'part_no,price,effective_date\n';

/** Files that every upload route must refuse, and the status expected. */
const HOSTILE: { name: string; file: () => UploadFile; status?: number[]; message: RegExp }[] = [
  {
    name: 'over the size limit',
    file: () => ({
      filename: `${NAME}big.csv`,
      content: Buffer.alloc(CSV_UPLOAD_LIMITS.maxBytes + 1024, 'a,1,2\n'),
      contentType: 'text/csv',
    }),
    status: [413],
    message: /larger than/,
  },
  {
    name: 'NUL bytes',
    file: () => ({ filename: `${NAME}nul.csv`, content: csv(`${header}AB\u0000C,1.00,\n`), contentType: 'text/csv' }),
    message: /binary|UTF-8|content scan/,
  },
  {
    name: 'invalid UTF-8',
    file: () => ({
      filename: `${NAME}latin1.csv`,
      content: Buffer.concat([csv(header), Buffer.from([0x41, 0xff, 0xfe, 0xc3, 0x28, 0x2c, 0x31, 0x0a])]),
      contentType: 'text/csv',
    }),
    message: /UTF-8/,
  },
  {
    name: '100,000 columns',
    file: () => ({ filename: `${NAME}wide.csv`, content: csv(`${'a,'.repeat(99_999)}a\n`), contentType: 'text/csv' }),
    message: /columns|longer/,
  },
  {
    name: 'a single 10 MB line',
    file: () => ({ filename: `${NAME}line.csv`, content: Buffer.alloc(10 * 1024 * 1024, 'x'), contentType: 'text/csv' }),
    status: [400, 413],
    message: /longer than|larger than/,
  },
  {
    name: 'a PNG named .csv',
    file: () => ({
      filename: `${NAME}image.csv`,
      content: Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(64, 1)]),
      contentType: 'text/csv',
    }),
    message: /binary|UTF-8|content scan/,
  },
  {
    name: 'a ZIP named .csv',
    file: () => ({
      filename: `${NAME}archive.csv`,
      content: Buffer.concat([Buffer.from('PK\x03\x04\x14\x00\x00\x00', 'latin1'), Buffer.alloc(64, 0)]),
      contentType: 'text/csv',
    }),
    message: /binary|UTF-8|content scan/,
  },
  {
    name: 'an ELF named .csv',
    file: () => ({
      filename: `${NAME}program.csv`,
      content: Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01\x00', 'latin1'), Buffer.alloc(64, 0)]),
      contentType: 'text/csv',
    }),
    message: /binary|UTF-8|content scan/,
  },
  {
    name: 'not a .csv name',
    file: () => ({ filename: `${NAME}prices.exe`, content: csv(`${header}A,1,\n`), contentType: 'application/octet-stream' }),
    status: [415],
    message: /\.csv/,
  },
  {
    name: 'an empty file',
    file: () => ({ filename: `${NAME}empty.csv`, content: csv('\r\n \n'), contentType: 'text/csv' }),
    message: /empty/,
  },
  {
    name: 'two files in one form',
    file: () => ({ filename: `${NAME}one.csv`, content: csv(`${header}A,1,\n`), contentType: 'text/csv' }),
    status: [413],
    message: /one file/,
  },
];

const figures = {
  routes: 0,
  hostileFiles: HOSTILE.length,
  cases: 0,
  refusedWithMessage: 0,
  /** Refusals recorded as failed units of the file-status page, without the file (decision 0091). */
  refusalsRecorded: 0,
  bytesStored: 0,
  jobsQueued: 0,
  serverErrors: 0,
  filesOnDisk: 0,
};

describe('uploads under abuse', () => {
  it('answers a multipart form sent to any state-changing route without a 5xx', () => {
    expect(probeCrashes, probeErrors.join('\n')).toEqual([]);
  });

  it('finds every upload route among the registered routes', () => {
    const urls = targets.map((x) => `${x.route.method} ${x.route.url}`);
    for (const known of [
      'POST /fc-common-api/mpp/price',
      'POST /fc-common-api/transactions/file',
      'POST /fc-common-api/parts/core-management',
      'POST /fc-common-api/loyalty/bundles/:bundle/item-codes/add/csv',
    ])
      expect(urls).toContain(known);
    for (const x of targets) expect(ACCEPTED[x.route.url], `an accepted sample file for ${x.route.url}`).toBeTruthy();
    figures.routes = targets.length;
  });

  for (const h of HOSTILE) {
    it(`refuses ${h.name} on every upload route, storing nothing`, async () => {
      for (const target of targets) {
        const before = await uploadState();
        const filesBefore = await filesUnder(t.dataDir);
        const errorsBefore = serverErrors.length;
        const file = h.file();
        const res = await api(t.app, target.cookie).upload(
          target.url,
          h.name === 'two files in one form' ? [file, { ...file, filename: `${NAME}two.csv` }] : file,
          ACCEPTED[target.route.url]?.fields,
        );
        figures.cases++;
        const where = `${target.route.url}: ${res.status} ${res.text.slice(0, 300)}`;
        expect(h.status ?? [400], where).toContain(res.status);
        const error = res.body?.errors?.[0];
        expect(error?.detail, where).toMatch(h.message);
        expect(error?.source?.pointer, where).toBe('/file');
        figures.refusedWithMessage++;
        const after = await uploadState();
        const onDisk = (await filesUnder(t.dataDir)).length - filesBefore.length + (await tempLeftovers()).length;
        figures.refusalsRecorded += after.rows - before.rows;
        figures.bytesStored += after.bytes - before.bytes;
        figures.jobsQueued += after.live - before.live + (after.jobs - before.jobs);
        figures.filesOnDisk += onDisk;
        figures.serverErrors += serverErrors.length - errorsBefore;
        // At most the record of the refusal, without the file's bytes and without a job.
        expect(after.rows - before.rows, `${where}: inbound_files rows`).toBeLessThanOrEqual(1);
        expect(after.bytes - before.bytes, `${where}: bytes of the file stored`).toBe(0);
        expect(after.live - before.live, `${where}: files queued`).toBe(0);
        expect(after.jobs - before.jobs, `${where}: jobs sent`).toBe(0);
        expect(onDisk, `${where}: files on disk`).toBe(0);
        expect(serverErrors.slice(errorsBefore), where).toEqual([]);
      }
      // Still answering.
      expect((await api(t.app).get('/healthz')).status).toBe(200);
    });
  }

  it('strips ../ and control characters from stored file names, keeps formula cells as data, and the workers finish them', async () => {
    // CR and LF cannot travel raw inside a multipart header (a browser percent-encodes them); every other
    // control character, a right-to-left override and both kinds of path separator can.
    const hostileNames = ['../../../etc/\u0007ev\u0001il\u001b\u202e.csv', '..\\..\\windows\\\u0000evil\u007f.csv'];
    const seqs: number[] = [];
    for (const [i, target] of targets.entries()) {
      const sample = ACCEPTED[target.route.url]!;
      const before = await storedFiles();
      const res = await api(t.app, target.cookie).upload(
        target.url,
        { filename: hostileNames[i % hostileNames.length]!, content: csv(sample.content), contentType: 'text/csv' },
        sample.fields,
      );
      expect([200, 201, 202], `${target.route.url}: ${res.text.slice(0, 300)}`).toContain(res.status);
      expect(await storedFiles(), target.route.url).toBe(before + 1);
      const { rows } = await t.database.query<{ seq: number; file_name: string; content: Buffer }>(
        'select seq::int as seq, file_name, content from inbound_files order by seq desc limit 1',
      );
      // The base name without its control and bidirectional characters; the cells are stored as sent.
      expect(rows[0]!.file_name, target.route.url).toBe('evil.csv');
      expect(Buffer.from(rows[0]!.content).toString(), target.route.url).toBe(sample.content);
      seqs.push(rows[0]!.seq);
    }
    // The job workers take each accepted file to an end (done or failed with a message), without an error.
    const until = Date.now() + 60_000;
    let states: { seq: number; state: string; message: string | null }[] = [];
    for (;;) {
      ({ rows: states } = await t.database.query<{ seq: number; state: string; message: string | null }>(
        'select seq::int as seq, state, message from inbound_files where seq = any($1::int[]) order by seq',
        [seqs],
      ));
      if (states.every((s) => s.state === 'done' || s.state === 'failed') || Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    for (const s of states) expect(['done', 'failed'], JSON.stringify(s)).toContain(s.state);
    expect(serverErrors).toEqual([]);
    expect(await filesUnder(t.dataDir)).toEqual([]);
    expect(await tempLeftovers()).toEqual([]);
    recordFigures('uploads', { ...figures, acceptedNamesSanitized: seqs.length });
  });
});
