import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CliIo } from '../src/cli/common';
import { runSeed } from '../src/cli/seed';
import { runUsers } from '../src/cli/users';
import { openDatabase } from '../src/db/client';
import { users } from '../src/db/schema/index';
import { verifyPassword } from '../src/modules/auth/passwords';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let dataDir: string;

/** A fresh PGlite directory (initdb) plus the whole demo data set: seconds alone, minutes on a loaded machine. */
const SPAWN_TIMEOUT_MS = 170_000;

/** The environment of the operator commands: a temp PGlite directory, never the DATABASE_URL of the run. */
function cliEnv(dir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent', NODE_ENV: 'test' };
  delete env.DATABASE_URL;
  return env;
}

function io(dir = dataDir): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { env: cliEnv(dir), cwd: serverDir, out: (l) => stdout.push(l), err: (l) => stderr.push(l), stdout, stderr };
}

function run(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // Killed when it overruns, so that a slow run cannot leave it holding the data directory's lock.
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/cli', script), ...args], {
      cwd: serverDir,
      env,
      timeout: SPAWN_TIMEOUT_MS,
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fc-cli-'));
});

afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('users CLI: usage (checked before the database is opened)', () => {
  it.each([
    [[], /a command is required/],
    [['frobnicate'], /unknown command "frobnicate"/],
    [['create', '--password', 'Start2026', '--type', '0'], /--username is required/],
    [['create', '--username', 'x', '--type', '0'], /--password is required/],
    [
      ['create', '--username', 'x', '--password', 'short1', '--type', '0'],
      /Password must be 8 to 12 characters with a digit, no special characters/,
    ],
    [['create', '--username', 'x', '--password', 'NoDigitsHere', '--type', '0'], /Password must be 8 to 12 characters with a digit/],
    [['create', '--username', 'x', '--password', 'Start2026!', '--type', '0'], /no special characters/],
    [['create', '--username', 'x', '--password', 'Password1', '--type', '0'], /common password/],
    [['create', '--username', 'x', '--password', 'Start2026', '--type', '3'], /--type must be 0/],
    [['create', '--username', 'x', '--password', 'Start2026', '--type', '0', '--tasks', '502,999'], /unknown task "999"/],
    [['create', '--username', 'x', '--password', 'Start2026', '--type', '2'], /needs --cust-no/],
    [
      ['create', '--username', 'x', '--password', 'Start2026', '--type', '1', '--merchant-no', 'abc'],
      /--merchant-no must be a positive whole number/,
    ],
    [
      ['create', '--username', 'x', '--password', 'Start2026', '--type', '1', '--merchant-no', '7', '--admin'],
      /--admin is for corporate users/,
    ],
    [['create', '--username', 'x', '--password', 'Start2026', '--type', '0', '--colour', 'red'], /Unknown option '--colour'/],
    [['list', 'extra'], /list takes no arguments/],
  ])('users %j: exit 2 with %s and the usage text', async (argv, message) => {
    const out = io(path.join(dataDir, 'never-opened'));
    expect(await runUsers(argv, out)).toBe(2);
    const text = out.stderr.join('\n');
    expect(text).toMatch(message);
    expect(text).toContain('Usage: npm run users');
    await expect(fs.access(path.join(dataDir, 'never-opened'))).rejects.toThrow();
  });

  it('help prints the usage text, exit 0', async () => {
    const out = io();
    expect(await runUsers(['--help'], out)).toBe(0);
    expect(out.stdout.join('\n')).toContain('--alternate-portal');
    expect(out.stdout.join('\n')).toContain('--sso');
  });

  it('seed --force is refused (the seeders are not idempotent)', async () => {
    const out = io(path.join(dataDir, 'never-opened'));
    expect(await runSeed(['--force'], out)).toBe(2);
    expect(out.stderr.join('\n')).toMatch(/--force is not supported/);
  });

  it('seed --scale xlarge is refused on PGlite before opening anything, with what to do instead', async () => {
    const dir = path.join(dataDir, 'never-opened-xlarge');
    const out = io(dir);
    expect(await runSeed(['--scale', 'xlarge'], out)).toBe(2);
    expect(out.stderr.join('\n')).toMatch(/--scale xlarge needs PostgreSQL: set DATABASE_URL/);
    await expect(fs.stat(dir)).rejects.toThrow();
  });

  it('seed --scale other than large or xlarge is refused', async () => {
    const out = io(path.join(dataDir, 'never-opened'));
    expect(await runSeed(['--scale', 'huge'], out)).toBe(2);
    expect(out.stderr.join('\n')).toMatch(/--scale must be "large" or "xlarge"/);
  });
});

describe('seed and users CLI on a PGlite directory', () => {
  it('npm run seed (spawned): migrates and seeds a new data directory', async () => {
    const res = await run('seed.ts', [], cliEnv(dataDir));
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Seeded the demo data');
    expect(res.stdout).toContain('corp');
    // The lock is released on exit.
    await expect(fs.access(path.join(dataDir, 'portal.lock'))).rejects.toThrow();
  }, 180_000);

  it('seed again: already seeded, nothing changes', async () => {
    const out = io();
    expect(await runSeed([], out)).toBe(0);
    expect(out.stdout.join('\n')).toMatch(/already seeded/);
  });

  it('users create makes a user that can sign in; create again updates it', async () => {
    const out = io();
    const argv = [
      'create',
      '--username',
      'ops',
      '--password',
      'Start2026',
      '--type',
      '0',
      '--tasks',
      '505,502,505',
      '--admin',
      '--full-name',
      'Operations Desk',
    ];
    expect(await runUsers(argv, out), out.stderr.join('\n')).toBe(0);
    expect(out.stdout.join('\n')).toMatch(/^Created user ops \(id \d+, corp, administrator, tasks 502,505\)\.$/);

    const again = io();
    expect(await runUsers(['create', '--username', 'OPS', '--password', 'Other2026', '--type', '2', '--cust-no', '10001'], again)).toBe(0);
    expect(again.stdout.join('\n')).toMatch(/^Updated user ops /);

    const database = await openDatabase({ dataDir });
    try {
      const [row] = await database.db.select().from(users).where(eq(users.username, 'ops'));
      expect(row).toMatchObject({ accountType: 2, custNo: 10001, isAdmin: false, grantedTasks: [], fullName: 'OPS' });
      expect(await verifyPassword(row!.passwordHash, 'Other2026')).toBe(true);
      expect(await verifyPassword(row!.passwordHash, 'Start2026')).toBe(false);
    } finally {
      await database.close();
    }
  });

  it('users create --sso makes a single-sign-on user, flagged in users/current and in the list', async () => {
    const out = io();
    // No password: a single-sign-on user signs in through its identity provider only.
    const argv = ['create', '--username', 'ssoops', '--type', '0', '--tasks', '502', '--sso'];
    expect(await runUsers(argv, out), out.stderr.join('\n')).toBe(0);
    const withPassword = io();
    expect(await runUsers([...argv, '--password', 'Start2026'], withPassword)).toBe(2);
    expect(withPassword.stderr.join('\n')).toMatch(/--password is not for --sso users/);
    const database = await openDatabase({ dataDir });
    try {
      const [row] = await database.db.select().from(users).where(eq(users.username, 'ssoops'));
      expect(row).toMatchObject({ ssoUser: true, alternatePortalUser: false, accountType: 0 });
      expect(await verifyPassword(row!.passwordHash, 'Start2026')).toBe(false);
    } finally {
      await database.close();
    }
    const listed = io();
    expect(await runUsers(['list'], listed)).toBe(0);
    expect(listed.stdout.join('\n')).toMatch(/\bssoops\b.*\bsso$/m);
  });

  it('users list prints a table of users without password hashes', async () => {
    const out = io();
    expect(await runUsers(['list'], out)).toBe(0);
    const text = out.stdout.join('\n');
    expect(out.stdout[0]).toMatch(/^ID\s+USERNAME\s+TYPE\s+FULL NAME\s+TASKS\s+CUST NO\s+MERCHANT NO\s+FLAGS$/);
    expect(text).toMatch(/\badmin\s+0 corp\s+Ada Admin\s+[\d,]+\s+-\s+-\s+admin$/m);
    expect(text).toMatch(/\bops\s+2 cust\s+OPS\s+-\s+10001\s+-\s+-$/m);
    expect(text).toMatch(/\bintl\b.*alternate-portal$/m);
    // One row per user (the demo set grows with the features), then the count.
    const rows = out.stdout.slice(2, -1);
    expect(out.stdout.at(-1)).toBe(`${rows.length} users.`);
    expect(rows.length).toBeGreaterThanOrEqual(9);
    expect(text).not.toContain('$argon2');
  });

  it('says to stop the portal first while it holds the data directory (exit 3)', async () => {
    // A live process other than this one holds the lock: the vitest main process.
    await fs.writeFile(path.join(dataDir, 'portal.lock'), String(process.ppid));
    try {
      const out = io();
      expect(await runUsers(['list'], out)).toBe(3);
      expect(out.stderr.join('\n')).toMatch(/in use by process \d+/);
      expect(out.stderr.join('\n')).toContain('Stop the portal first');
      const seed = io();
      expect(await runSeed([], seed)).toBe(3);
      expect(seed.stderr.join('\n')).toContain('Stop the portal first');
    } finally {
      await fs.rm(path.join(dataDir, 'portal.lock'), { force: true });
    }
  });

  it('a bad configuration is reported with the variable, exit 2', async () => {
    const out = io();
    out.env.DATABASE_URL = 'mysql://nope';
    expect(await runUsers(['list'], out)).toBe(2);
    expect(out.stderr.join('\n')).toContain('DATABASE_URL');
  });
});
