import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config';
import { DataDirLockedError, migrateDatabase, openDatabase, type Database } from '../db/client';

/** Exit codes of the operator commands. */
export const EXIT = { ok: 0, failed: 1, usage: 2, locked: 3 } as const;

export interface CliIo {
  env: NodeJS.ProcessEnv;
  cwd: string;
  out(line: string): void;
  err(line: string): void;
}

export const processIo = (): CliIo => ({
  env: process.env,
  cwd: process.cwd(),
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});

/** A mistake on the command line: the message and the usage text, exit code 2. */
export class UsageError extends Error {}

/**
 * The configured database (DATABASE_URL, else the PGlite directory under DATA_DIR), migrated. Refuses
 * clearly when the portal holds the PGlite directory: two processes on one directory lose rows.
 */
export async function openConfiguredDatabase(io: CliIo): Promise<{ config: Config; database: Database }> {
  const config = loadConfig(io.env, io.cwd);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolMax: config.DB_POOL_MAX,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  });
  try {
    await migrateDatabase(database);
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  return { config, database };
}

/** Turns the known failures into a message and an exit code; anything else is a defect with its stack. */
export function reportFailure(err: unknown, io: CliIo, usage: string): number {
  if (err instanceof UsageError) {
    io.err(`error: ${err.message}`);
    io.err('');
    io.err(usage);
    return EXIT.usage;
  }
  if (err instanceof ConfigError) {
    io.err(err.message);
    return EXIT.usage;
  }
  if (err instanceof DataDirLockedError) {
    io.err(err.message);
    io.err('Stop the portal first, then run this command again.');
    return EXIT.locked;
  }
  io.err(err instanceof Error ? (err.stack ?? err.message) : String(err));
  return EXIT.failed;
}

/** A command's options, as parseArgs takes them. */
export type CommandOptions = NonNullable<ParseArgsConfig['options']>;

/** The options `runCommand` parsed, typed by the command's option list. */
export type CommandValues<O extends CommandOptions> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; strict: true; allowPositionals: true }>
>['values'];

/**
 * Runs an operator command: parses `argv` against `options` (-h/--help added: prints `usage`), refuses
 * positional arguments and unknown options as bad usage, then runs `body`; any failure becomes its message
 * and exit code (reportFailure).
 */
export async function runCommand<const O extends CommandOptions>(
  argv: string[],
  io: CliIo,
  usage: string,
  options: O,
  body: (values: CommandValues<O>) => Promise<number>,
): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { ...options, help: { type: 'boolean', short: 'h' } } as CommandOptions,
    });
    if (values.help === true) {
      io.out(usage);
      return EXIT.ok;
    }
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
    return await body(values as CommandValues<O>);
  } catch (err) {
    // parseArgs reports unknown or malformed options with a TypeError carrying an ERR_PARSE_ARGS_* code.
    if ((err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))
      return reportFailure(new UsageError((err as Error).message), io, usage);
    return reportFailure(err, io, usage);
  }
}

/** True when this module is the script node was started with (not imported by a test). */
export function isMain(importMetaUrl: string): boolean {
  const entry = process.argv[1];
  return !!entry && path.resolve(entry) === fileURLToPath(importMetaUrl);
}
