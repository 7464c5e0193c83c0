import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, databaseName, dropDatabase, quoteIdent, urlWithDatabase } from '../helpers/database';

/**
 * The request budget (RATE_LIMIT_MAX a minute per address) is one budget for all the processes on a
 * PostgreSQL database (issue 21, RATE_LIMIT_STORE=database, its default there): two real server processes,
 * requests from one address spread over both, and exactly RATE_LIMIT_MAX of them are answered; with
 * counters in each process's memory both would answer their own RATE_LIMIT_MAX.
 */
const ADMIN_URL = process.env.DATABASE_URL;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const LIMIT = 10;

async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.on('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

describe.skipIf(!ADMIN_URL)('the request rate limit across two server processes (PostgreSQL)', () => {
  const scratch = databaseName('fc_ratelimit');
  const scratchUrl = ADMIN_URL ? urlWithDatabase(ADMIN_URL, scratch) : '';
  const children: { child: ChildProcess; port: number; output: string[] }[] = [];
  let dataRoot: string;

  beforeAll(async () => {
    await adminQuery(ADMIN_URL!, `CREATE DATABASE ${quoteIdent(scratch)}`);
    dataRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'fc-ratelimit-'));
    for (const [i, port] of (await freePorts(2)).entries()) {
      const output: string[] = [];
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: `http://localhost:${port}`,
          DATABASE_URL: scratchUrl,
          DATA_DIR: path.join(dataRoot, `p${i}`),
          SEED_DEMO: 'false',
          JOBS_ENABLED: 'false',
          LOG_LEVEL: 'warn',
          WEB_DIST: '/nonexistent',
          RATE_LIMIT_MAX: String(LIMIT),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (b: Buffer) => output.push(b.toString()));
      child.stderr!.on('data', (b: Buffer) => output.push(b.toString()));
      children.push({ child, port, output });
    }
    for (const p of children) {
      const until = Date.now() + 90_000;
      for (;;) {
        if (p.child.exitCode !== null) throw new Error(`a server exited with ${p.child.exitCode}:\n${p.output.join('')}`);
        if (Date.now() > until) throw new Error(`a server did not start in 90 s:\n${p.output.join('')}`);
        const ok = await fetch(`http://127.0.0.1:${p.port}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  }, 120_000);

  afterAll(async () => {
    for (const p of children) if (p.child.exitCode === null) p.child.kill('SIGTERM');
    await Promise.all(children.map((p) => (p.child.exitCode === null ? new Promise((r) => p.child.on('exit', r)) : Promise.resolve())));
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
