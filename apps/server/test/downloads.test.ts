import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, inboundFiles } from '../src/db/schema/index';
import { storedResultStream } from '../src/db/stored-file';
import { contentDisposition, safeFileName } from '../src/http/download';
import { createTestApp, type TestApp } from './helpers/app';
import { loginAs, seedUsers } from './helpers/http';

/**
 * Downloads as the browser makes them (decision 0630): the web app's check call (X-Download-Check: 1)
 * answers 204 or the refusal the download would get, without the file; the link itself is a plain GET
 * with the session cookie; the file streams with Content-Disposition attachment.
 */
let t: TestApp;
const cookies: Record<string, string> = {};
/** A result file of a few MB with bytes of every value, so that a streamed copy shows any change. */
const RESULT = Buffer.concat([Buffer.from('part_no,verdict\n'), ...Array.from({ length: 24 }, (_, i) => Buffer.alloc(131_072, i * 11))]);
let dealerFile = 0;
let otherDealerFile = 0;
let unprocessedFile = 0;

const CHECK = { 'x-download-check': '1', 'x-requested-with': 'XMLHttpRequest' };
const NAVIGATION = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'sec-fetch-mode': 'navigate' };

const get = (url: string, who?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(who ? { cookie: cookies[who]! } : {}), ...headers } });

beforeAll(async () => {
  t = await createTestApp();
  await seedUsers(t.ctx);
  for (const who of ['corp', 'dealer', 'customer']) cookies[who] = await loginAs(t.app, who);
  const file = (merchantNo: number, state: string, result: Buffer | null) => ({
    kind: 'price',
    fileName: 'prices.csv',
    content: Buffer.from('part_no,price\n'),
    byteSize: 14,
    sha256: 'x',
    merchantNo,
    state,
    result,
    resultName: result ? 'Prix d’été "2026"/ü-result.csv' : null,
  });
  const rows = await t.db
    .insert(inboundFiles)
    .values([file(1001, 'done', RESULT), file(1003, 'done', RESULT), file(1001, 'running', null)])
    .returning({ seq: inboundFiles.seq });
  [dealerFile, otherDealerFile, unprocessedFile] = rows.map((r) => r.seq) as [number, number, number];
  await t.db.insert(customers).values([{ custNo: 72001, custName: '=1+1 Haulage', program: 96, city: 'Gary', state: 'IN' }]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('one file-name rule and one attachment header', () => {
  it('keeps letters of any script, replaces what a file system or the header cannot hold', () => {
    expect(safeFileName('prices "2026".csv')).toBe('prices _2026_.csv');
    expect(safeFileName('a/b\\c:d*e?f|g<h>i\r\n.csv')).toBe('a_b_c_d_e_f_g_h_i__.csv');
    expect(safeFileName('loyalty-item-codes-Frein été-2026-11-26.csv')).toBe('loyalty-item-codes-Frein été-2026-11-26.csv');
    expect(safeFileName('  ')).toBe('download');
    expect(safeFileName('..')).toBe('download');
  });

  it('names the file in ASCII, and in UTF-8 too when it has other letters (RFC 6266)', () => {
    expect(contentDisposition('Customers_20261126.csv')).toBe('attachment; filename="Customers_20261126.csv"');
    expect(contentDisposition('Frein été.csv')).toBe(`attachment; filename="Frein _t_.csv"; filename*=UTF-8''Frein%20%C3%A9t%C3%A9.csv`);
    expect(contentDisposition("it's (1).csv")).toBe(`attachment; filename="it's (1).csv"`);
  });
});

describe('the check before a download', () => {
  it('answers 204 without the file to a caller who may download it', async () => {
    for (const [url, who] of [
      ['/framework/customers/csv?filter[search]=72001', 'corp'],
      [`/fc-common-api/mpp/download?data_seq=${dealerFile}`, 'dealer'],
      ['/fc-common-api/parts/estes_list_csv', 'corp'],
    ] as const) {
      const res = await get(url, who, CHECK);
      expect(res.statusCode, url).toBe(204);
      expect(res.payload, url).toBe('');
      expect(res.headers['content-disposition'], url).toBeUndefined();
    }
  });

  it('answers what the download would answer: signed out 401, not permitted 403, invalid query 400, not found or not yours 404, not ready 409', async () => {
    const cases: [string, string | undefined, number, string][] = [
      ['/framework/customers/csv', undefined, 401, '6'],
      ['/framework/customers/csv', 'dealer', 403, '209'],
      ['/fc-common-api/parts/estes_list_csv', 'customer', 403, '209'],
      ['/framework/customers/csv?filter[sort]=nope|asc', 'corp', 400, ''],
      [`/fc-common-api/mpp/download?data_seq=${otherDealerFile}`, 'dealer', 404, 'not-found'],
      ['/fc-common-api/mpp/download?data_seq=999999', 'dealer', 404, 'not-found'],
      [`/fc-common-api/mpp/download?data_seq=${unprocessedFile}`, 'dealer', 409, 'not-processed'],
      ['/fc-common-api/parts/core-management/report?job_id=00000000-0000-0000-0000-000000000000', 'corp', 404, 'not-found'],
    ];
    for (const [url, who, status, code] of cases) {
      for (const headers of [CHECK, NAVIGATION]) {
        const res = await get(url, who, headers);
        expect(res.statusCode, `${url} as ${who}`).toBe(status);
        expect(res.headers['content-type'], url).toContain('json');
        if (code) expect(res.json().errors[0].code, url).toBe(code);
      }
    }
  });
});

describe('the download itself', () => {
  it('a stored result file streams in pieces, byte for byte, under its own name', async () => {
    const res = await get(`/fc-common-api/mpp/download?data_seq=${dealerFile}`, 'dealer', NAVIGATION);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Prix d__t_ _2026___-result.csv"; filename*=UTF-8''Prix%20d%E2%80%99%C3%A9t%C3%A9%20_2026__%C3%BC-result.csv`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-length']).toBeUndefined();
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(sha(res.rawPayload)).toBe(sha(RESULT));

    // Read a megabyte at a time (here 100 kB): never the whole file in one piece.
    const pieces: number[] = [];
    const parts: Buffer[] = [];
    for await (const piece of storedResultStream(t.db, dealerFile, 100_000)) {
      pieces.push((piece as Buffer).length);
      parts.push(piece as Buffer);
    }
    expect(Math.max(...pieces)).toBe(100_000);
    expect(pieces.length).toBe(Math.ceil(RESULT.length / 100_000));
    expect(Buffer.concat(parts).equals(RESULT)).toBe(true);
  });

  it('an export over a plain link: the list filter, formula cells escaped, attachment, no store', async () => {
    const res = await get('/framework/customers/csv?filter[search]=72001', 'corp', NAVIGATION);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Customers_\d{8}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.payload.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^72001,'=1\+1 Haulage,96,Gary,IN,/);
  });
});
