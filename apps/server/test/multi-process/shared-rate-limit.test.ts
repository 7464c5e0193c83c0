import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, databaseName, dropDatabase, quoteIdent, urlWithDatabase } from '../helpers/database';
import { freePorts, serverReady, startServerProcess, stopServerProcesses, type ServerProcess } from '../helpers/server-process';

/**
 * The request budget (RATE_LIMIT_MAX a minute per address) is one budget for all the processes on a
 * PostgreSQL database (issue 21, RATE_LIMIT_STORE=database, its default there): two real server processes,
 * requests from one address spread over both, and exactly RATE_LIMIT_MAX of them are answered; with
 * counters in each process's memory both would answer their own RATE_LIMIT_MAX.
 */
const ADMIN_URL = process.env.DATABASE_URL;
const LIMIT = 10;

describe.skipIf(!ADMIN_URL)('the request rate limit across two server processes (PostgreSQL)', () => {
  const scratch = databaseName('fc_ratelimit');
  const scratchUrl = ADMIN_URL ? urlWithDatabase(ADMIN_URL, scratch) : '';
  const children: ServerProcess[] = [];
  let dataRoot: string;

  beforeAll(async () => {
    await adminQuery(ADMIN_URL!, `CREATE DATABASE ${quoteIdent(scratch)}`);
    dataRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'fc-ratelimit-'));
    for (const [i, port] of (await freePorts(2)).entries()) {
      children.push(
        startServerProcess(`p${i}`, port, {
          DATABASE_URL: scratchUrl,
          DATA_DIR: path.join(dataRoot, `p${i}`),
          SEED_DEMO: 'false',
          JOBS_ENABLED: 'false',
          RATE_LIMIT_MAX: String(LIMIT),
        }),
      );
    }
    await Promise.all(children.map((p) => serverReady(p)));
  }, 120_000);

  afterAll(async () => {
    await stopServerProcesses(children);
    await dropDatabase(ADMIN_URL!, scratch);
    await fs.rm(dataRoot, { recursive: true, force: true });
  });

  it(`answers ${LIMIT} requests of one address in all, whichever process gets them`, async () => {
    const statuses: number[][] = [[], []];
    // Alternating, as a load balancer would spread them: 7 to each process, 14 in all.
    for (let i = 0; i < 14; i++) {
      const target = children[i % 2]!;
      const res = await fetch(`http://127.0.0.1:${target.port}/`, { redirect: 'manual' });
      statuses[i % 2]!.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const all = statuses.flat();
    expect(all.filter((s) => s !== 429)).toHaveLength(LIMIT);
    expect(all.filter((s) => s === 429)).toHaveLength(14 - LIMIT);
    // Both processes refused once the shared budget was spent, not only the one that saw the most.
    expect(statuses[0]!.slice(-2)).toEqual([429, 429]);
    expect(statuses[1]!.slice(-2)).toEqual([429, 429]);
  });
});
