#!/usr/bin/env node
/**
 * npm run test:reliability — the reliability and security suite of issue 11, with its figures.
 *
 * Full run (the default):
 *   1. The security tests (apps/server/test/security) on PGlite, fuzzing 200 requests per operation from
 *      the OpenAPI document and 60 hostile strings per route (hostile-input.test.ts).
 *   2. The same on PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test) with 20 per
 *      operation, and the several-processes test.
 *   3. The crash harness (scripts/reliability/crash.mjs): 20 kills on PostgreSQL, 10 on PGlite. The
 *      PostgreSQL restart under traffic only with RELIABILITY_PG_RESTART=1 (it stops the shared server).
 *   4. Load (scripts/reliability/load.mjs): 60 s phases and a 10-minute soak.
 *   Then docs/reliability.json holds every figure, and the figures section of SECURITY.md is written
 *   from it (scripts/reliability/security-md.mjs).
 *
 * --short (CI): the crash harness and load in their short forms (the security tests run in `npm test`);
 * the result goes to RELIABILITY_RESULT (default: a temporary file), never to docs/ or SECURITY.md.
 *
 * --only=security-pglite,security-postgresql,crash,load redoes those steps of a full run (after a fix) and
 * keeps the other steps' last figures in docs/reliability.json; each step says when it ran.
 *
 * Every step runs even when an earlier one fails; the exit code is 1 if any failed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_URL, ROOT, writeFormatted } from './lib.mjs';

const SHORT = process.argv.includes('--short');
const figuresDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-reliability-'));
const resultPath = SHORT
  ? (process.env.RELIABILITY_RESULT ?? path.join(os.tmpdir(), 'fc-reliability-short.json'))
  : path.join(ROOT, 'docs', 'reliability.json');

function run(name, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n== ${name}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const childEnv = { ...process.env, RELIABILITY_FIGURES_DIR: figuresDir, ...env };
    for (const [k, v] of Object.entries(childEnv)) if (v === undefined) delete childEnv[k];
    const child = spawn(command, args, { cwd: ROOT, env: childEnv, stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`== ${name}: ${code === 0 ? 'passed' : `FAILED (${signal ?? code})`} in ${seconds} s`);
      resolve({ name, passed: code === 0, seconds });
    });
  });
}

const vitest = path.join(ROOT, 'node_modules', '.bin', 'vitest');

/** A vitest run with its JSON report: the step carries how many tests passed and which failed, and why. */
async function runTests(name, files, env) {
  const report = path.join(figuresDir, `vitest-${Date.now()}.report`);
  const step = await run(
    name,
    vitest,
    ['run', '--project', 'server', ...files, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  );
  try {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    const all = json.testResults.flatMap((f) => f.assertionResults.map((a) => ({ ...a, file: path.relative(ROOT, f.name) })));
    step.tests = {
      passed: all.filter((a) => a.status === 'passed').length,
      failed: all.filter((a) => a.status === 'failed').length,
      skipped: all.filter((a) => a.status !== 'passed' && a.status !== 'failed').length,
      failures: all
        .filter((a) => a.status === 'failed')
        .map((a) => ({
          test: `${a.file}: ${a.fullName}`,
          // The first line of the assertion, without the escape sequences of terminal colours.
          message: String(a.failureMessages?.[0] ?? '')
            .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
            .split('\n')[0]
            .slice(0, 300),
        })),
    };
  } catch {
    step.tests = null;
  }
  return step;
}

/** The steps, by id; `--only a,b` runs those and keeps the others' last figures (a full run only). */
const STEPS = [
  {
    id: 'security-pglite',
    name: 'security tests on PGlite (200 fuzz cases per operation)',
    full: true,
    go: (name) =>
      runTests(name, ['apps/server/test/security'], {
        FUZZ_RUNS: '200',
        HOSTILE_RUNS: '60',
        DATABASE_URL: undefined,
      }),
  },
  {
    id: 'security-postgresql',
    name: 'security and several-processes tests on PostgreSQL (20 fuzz cases per operation)',
    full: true,
    go: (name) =>
      runTests(name, ['apps/server/test/security', 'apps/server/test/multi-process'], {
        FUZZ_RUNS: '20',
        HOSTILE_RUNS: '10',
        DATABASE_URL: ADMIN_URL,
      }),
  },
  {
    id: 'crash',
    name: 'crash harness',
    go: (name) => run(name, process.execPath, ['scripts/reliability/crash.mjs', ...(SHORT ? ['--short'] : [])]),
  },
  { id: 'load', name: 'load', go: (name) => run(name, process.execPath, ['scripts/reliability/load.mjs', ...(SHORT ? ['--short'] : [])]) },
];
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? onlyArg.slice('--only='.length).split(',') : undefined;
if (only && (SHORT || only.some((id) => !STEPS.some((s) => s.id === id)))) {
  console.error(`--only takes step ids of a full run: ${STEPS.map((s) => s.id).join(', ')}`);
  process.exit(2);
}

const steps = [];
for (const step of STEPS) {
  if (SHORT && step.full) continue;
  if (only && !only.includes(step.id)) continue;
  steps.push({ id: step.id, ranAt: new Date().toISOString(), ...(await step.go(step.name)) });
}

// The figures files of this run, by section and database; a step's figures come with it.
const figures = {};
for (const file of fs
  .readdirSync(figuresDir)
  .filter((f) => f.endsWith('.json') && !f.startsWith('vitest-'))
  .sort()) {
  const { section, ...rest } = JSON.parse(fs.readFileSync(path.join(figuresDir, file), 'utf8'));
  figures[file.replace(/\.json$/, '')] = { section, ...rest };
}
let previous;
if (only) {
  // Keep the steps and figures of the last full run that this one did not redo.
  previous = JSON.parse(fs.readFileSync(resultPath, 'utf8'));
  const redone = new Set(steps.map((s) => s.id));
  // A step is known by its id (or, written before steps had ids, by its name).
  const idOf = (s) => s.id ?? STEPS.find((x) => x.name === s.name)?.id;
  const keptSteps = previous.steps.filter((s) => !redone.has(idOf(s))).map((s) => ({ id: idOf(s), ...s }));
  steps.splice(0, 0, ...keptSteps);
  steps.sort((a, b) => STEPS.findIndex((x) => x.id === a.id) - STEPS.findIndex((x) => x.id === b.id));
  // A redone step's old figures go, even those it did not write again this time.
  const ownedBy = (key) => (key.endsWith('.pglite') ? 'security-pglite' : key.endsWith('.postgresql') ? 'security-postgresql' : key);
  for (const [key, value] of Object.entries(previous.figures)) if (!redone.has(ownedBy(key)) && !(key in figures)) figures[key] = value;
}
const result = {
  generatedAt: new Date().toISOString(),
  form: SHORT ? 'short' : 'full',
  machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
  pgRestartRun: process.env.RELIABILITY_PG_RESTART === '1' || (!!previous?.pgRestartRun && !only?.includes('crash')),
  // The time of the steps (a step run again replaces its earlier time).
  seconds: steps.reduce((sum, s) => sum + s.seconds, 0),
  ...(only ? { redone: only } : {}),
  steps,
  figures,
};
fs.mkdirSync(path.dirname(resultPath), { recursive: true });
if (SHORT) fs.writeFileSync(resultPath, JSON.stringify(result, null, 2) + '\n');
else await writeFormatted(resultPath, JSON.stringify(result, null, 2));
console.log(`\nresult: ${resultPath}`);
if (!SHORT) {
  await run('SECURITY.md figures', process.execPath, ['scripts/reliability/security-md.mjs']);
}
fs.rmSync(figuresDir, { recursive: true, force: true });
const failed = steps.filter((s) => !s.passed);
console.log(
  failed.length
    ? `\nreliability: ${failed.length} step(s) failed: ${failed.map((s) => s.name).join('; ')}`
    : '\nreliability: every step passed',
);
process.exitCode = failed.length ? 1 : 0;
