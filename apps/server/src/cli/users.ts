import { parseArgs } from 'node:util';
import { asc } from 'drizzle-orm';
import { ALL_TASKS, AccountTypeSlug, isAccountType, isValidPassword, MessageCode, USERNAME_MAX, type AccountType } from '@fc/contract';
import { users } from '../db/schema/index';
import {
  findUserByUsername,
  hashPassword,
  isCommonPassword,
  NO_LOCAL_PASSWORD,
  resetSecondFactor,
  upsertUser,
} from '../modules/auth/index';
import type { AppContext } from '../context';
import { EXIT, isMain, openConfiguredDatabase, processIo, reportFailure, UsageError, type CliIo } from './common';

export const USAGE = `Usage: npm run users -- <command> [options]

Commands:
  create   Create a user, or update the one with that username (every attribute is replaced).
             --username NAME         required, at most ${USERNAME_MAX} characters
             --password PASS         required (not with --sso), 8 to 12 letters and digits with at least one digit
             --type 0|1|2            required: 0 corporate, 1 dealer (merchant), 2 customer
             --tasks 502,507         granted tasks, comma-separated (${ALL_TASKS.join(', ')})
             --cust-no N             customer number (required for type 2)
             --merchant-no N         merchant number (required for type 1)
             --full-name "..."       display name (default: the username)
             --email ADDRESS         e-mail address for password resets
             --admin                 administrator (type 0 only; signs in on the corporate form only)
             --alternate-portal      alternate-portal user (pages under /{ALTERNATE_PORTAL_PREFIX}/ui)
             --sso                   single-sign-on user: signs in through the identity provider only, so it has
                                     no portal password (a 401 or 403 sends the browser to EXTERNAL_LOGIN_URL)
  list     Print the users (never their password hashes).
  reset-second-factor USERNAME
           Remove the user's second factor (authenticator app and recovery codes), for a user who lost it.
           Audited; the user is e-mailed. With a policy that requires one, the next sign-in asks to set one up.

The database is the portal's: DATABASE_URL when set, else the PGlite directory under DATA_DIR (.data).
With PGlite, stop the portal first. Exit codes: 0 done, 1 failed, 2 bad usage, 3 data directory in use.

Example:
  npm run users -- create --username ops --password Start2026 --type 0 --tasks 502,504,505 --admin`;

const PASSWORD_RULE_TEXT = 'Password must be 8 to 12 characters with a digit, no special characters';

export interface CreateOptions {
  username: string;
  /** Absent for a single-sign-on user, who has no portal password. */
  password: string | null;
  accountType: AccountType;
  grantedTasks: number[];
  custNo: number | null;
  merchantNo: number | null;
  fullName: string;
  email: string | null;
  isAdmin: boolean;
  alternatePortalUser: boolean;
  ssoUser: boolean;
}

function positiveInt(name: string, value: string | undefined): number | null {
  if (value === undefined) return null;
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1)
    throw new UsageError(`--${name} must be a positive whole number (got ${JSON.stringify(value)})`);
  return Number(value);
}

/** Checks a create command's options; every mistake is a UsageError before the database is opened. */
export function parseCreate(args: string[]): CreateOptions {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      type: { type: 'string' },
      tasks: { type: 'string' },
      'cust-no': { type: 'string' },
      'merchant-no': { type: 'string' },
      'full-name': { type: 'string' },
      email: { type: 'string' },
      admin: { type: 'boolean', default: false },
      'alternate-portal': { type: 'boolean', default: false },
      sso: { type: 'boolean', default: false },
    },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
  const username = values.username?.trim();
  if (!username) throw new UsageError('--username is required');
  if (username.length > USERNAME_MAX || /\s/.test(username))
    throw new UsageError(`--username must be at most ${USERNAME_MAX} characters, without spaces`);
  if (values.sso && values.password !== undefined)
    throw new UsageError('--password is not for --sso users: they sign in through their identity provider and have no portal password');
  if (!values.sso && values.password === undefined) throw new UsageError('--password is required');
  if (values.password !== undefined && !isValidPassword(values.password))
    throw new UsageError(`${PASSWORD_RULE_TEXT} (message ${MessageCode.PasswordRule})`);
  if (values.password !== undefined && isCommonPassword(values.password))
    throw new UsageError('--password is a common password (in lists of breached passwords); choose another one');
  const type = values.type === undefined ? NaN : Number(values.type);
  if (!/^[012]$/.test(values.type ?? '') || !isAccountType(type))
    throw new UsageError('--type must be 0 (corporate), 1 (dealer) or 2 (customer)');

  const grantedTasks: number[] = [];
  for (const raw of (values.tasks ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const task = Number(raw);
    if (!(ALL_TASKS as readonly number[]).includes(task))
      throw new UsageError(`unknown task ${JSON.stringify(raw)}; the tasks are ${ALL_TASKS.join(', ')}`);
    if (!grantedTasks.includes(task)) grantedTasks.push(task);
  }
  const custNo = positiveInt('cust-no', values['cust-no']);
  const merchantNo = positiveInt('merchant-no', values['merchant-no']);
  if (type === 2 && custNo === null) throw new UsageError('a customer (--type 2) needs --cust-no');
  if (type === 1 && merchantNo === null) throw new UsageError('a dealer (--type 1) needs --merchant-no');
  if (values.admin && type !== 0)
    throw new UsageError('--admin is for corporate users (--type 0) only: administrators sign in on the corporate form');
  const email = values.email?.trim() || null;
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError(`--email ${JSON.stringify(email)} is not an e-mail address`);

  return {
    username,
    password: values.password ?? null,
    accountType: type,
    grantedTasks: grantedTasks.sort((a, b) => a - b),
    custNo,
    merchantNo,
    fullName: values['full-name']?.trim() || username,
    email,
    isAdmin: values.admin ?? false,
    alternatePortalUser: values['alternate-portal'] ?? false,
    ssoUser: values.sso ?? false,
  };
}

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

async function create(args: string[], io: CliIo): Promise<number> {
  const options = parseCreate(args);
  const { database } = await openConfiguredDatabase(io);
  try {
    const passwordHash = options.password === null ? NO_LOCAL_PASSWORD : await hashPassword(options.password);
    const { user, created } = await database.db.transaction(async (tx) =>
      upsertUser(tx, {
        username: options.username,
        fullName: options.fullName,
        email: options.email,
        passwordHash,
        accountType: options.accountType,
        grantedTasks: options.grantedTasks,
        isAdmin: options.isAdmin,
        alternatePortalUser: options.alternatePortalUser,
        ssoUser: options.ssoUser,
        custNo: options.custNo,
        merchantNo: options.merchantNo,
      }),
    );
    const kind = `${AccountTypeSlug[options.accountType]}${options.isAdmin ? ', administrator' : ''}`;
    io.out(
      `${created ? 'Created' : 'Updated'} user ${user.username} (id ${user.id}, ${kind}, tasks ${options.grantedTasks.join(',') || 'none'}).`,
    );
    return EXIT.ok;
  } finally {
    await database.close();
  }
}

async function list(args: string[], io: CliIo): Promise<number> {
  if (args.length > 0) throw new UsageError(`list takes no arguments (got ${JSON.stringify(args[0])})`);
  const { database } = await openConfiguredDatabase(io);
  try {
    const rows = await database.db
      .select({
        id: users.id,
        username: users.username,
        fullName: users.fullName,
        accountType: users.accountType,
        grantedTasks: users.grantedTasks,
        custNo: users.custNo,
        merchantNo: users.merchantNo,
        isAdmin: users.isAdmin,
        alternatePortalUser: users.alternatePortalUser,
        ssoUser: users.ssoUser,
        disabled: users.disabled,
        lockedUntil: users.lockedUntil,
      })
      .from(users)
      .orderBy(asc(users.accountType), asc(users.username));
    if (rows.length === 0) {
      io.out('No users. Create one with: npm run users -- create --username NAME --password PASS --type 0 --admin');
      return EXIT.ok;
    }
    const now = Date.now();
    const lines = table(
      ['ID', 'USERNAME', 'TYPE', 'FULL NAME', 'TASKS', 'CUST NO', 'MERCHANT NO', 'FLAGS'],
      rows.map((u) => [
        String(u.id),
        u.username,
        `${u.accountType} ${AccountTypeSlug[u.accountType as AccountType] ?? '?'}`,
        u.fullName,
        u.grantedTasks.join(',') || '-',
        u.custNo == null ? '-' : String(u.custNo),
        u.merchantNo == null ? '-' : String(u.merchantNo),
        [
          u.isAdmin && 'admin',
          u.alternatePortalUser && 'alternate-portal',
          u.ssoUser && 'sso',
          u.disabled && 'disabled',
          u.lockedUntil && u.lockedUntil.getTime() > now && 'locked',
        ]
          .filter(Boolean)
          .join(',') || '-',
      ]),
    );
    for (const l of lines) io.out(l);
    io.out(`${rows.length} user${rows.length === 1 ? '' : 's'}.`);
    return EXIT.ok;
  } finally {
    await database.close();
  }
}

async function resetSecondFactorCommand(args: string[], io: CliIo): Promise<number> {
  const [username, ...extra] = args;
  if (!username || extra.length > 0) throw new UsageError('reset-second-factor takes one username');
  const { config, database } = await openConfiguredDatabase(io);
  try {
    const ctx: AppContext = { config, database, db: database.db, mailer: { send: async () => {} } };
    return await resetSecondFactorOf(ctx, username, io);
  } finally {
    await database.close();
  }
}

/** Removes a user's second factor (the command's work, on an open database); answers the exit code. */
export async function resetSecondFactorOf(ctx: AppContext, username: string, io: CliIo): Promise<number> {
  const user = await findUserByUsername(ctx.db, username.trim());
  if (!user) {
    io.err(`error: no user ${JSON.stringify(username)}`);
    return EXIT.failed;
  }
  const operator = `users CLI (${process.env.USER ?? process.env.USERNAME ?? 'unknown operator'})`;
  const removed = await resetSecondFactor(ctx, { userId: user.id, username: user.username }, operator);
  io.out(removed ? `Removed the second factor of ${user.username}; the user was e-mailed.` : `${user.username} has no second factor.`);
  return EXIT.ok;
}

/** The `users` command; answers its exit code. */
export async function runUsers(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'create':
        return await create(rest, io);
      case 'list':
        return await list(rest, io);
      case 'reset-second-factor':
        return await resetSecondFactorCommand(rest, io);
      case 'help':
      case '--help':
      case '-h':
        io.out(USAGE);
        return EXIT.ok;
      default:
        throw new UsageError(command ? `unknown command ${JSON.stringify(command)}` : 'a command is required');
    }
  } catch (err) {
    // parseArgs reports unknown or malformed options with a TypeError carrying an ERR_PARSE_ARGS_* code.
    if ((err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))
      return reportFailure(new UsageError((err as Error).message), io, USAGE);
    return reportFailure(err, io, USAGE);
  }
}

if (isMain(import.meta.url)) {
  process.exitCode = await runUsers(process.argv.slice(2));
}
