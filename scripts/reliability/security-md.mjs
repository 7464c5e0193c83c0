#!/usr/bin/env node
/**
 * Writes the "Figures of the last full run" section of SECURITY.md from docs/reliability.json (written by
 * `npm run test:reliability`), so that the figures are never typed by hand. The section runs from its
 * heading to the end of the file. `--check` only tells whether SECURITY.md is up to date (exit 1 if not).
 */
import fs from 'node:fs';
import * as prettier from 'prettier';
import path from 'node:path';
import { ROOT, unexpectedAnswers, writeFormatted } from './lib.mjs';

const HEADING = '## Figures of the last full run';
// Other paths for a trial: RELIABILITY_RESULT (the result file) and SECURITY_MD (the file to write).
const resultPath = process.env.RELIABILITY_RESULT ?? path.join(ROOT, 'docs', 'reliability.json');
const securityPath = process.env.SECURITY_MD ?? path.join(ROOT, 'SECURITY.md');

const n = (x) => (typeof x === 'number' ? x.toLocaleString('en-US') : String(x ?? 'not measured'));
const yes = (ok) => (ok ? 'passed' : '**FAILED**');

function fuzzLine(f, label) {
  if (!f) return `- Fuzzing from the OpenAPI document, ${label}: not measured (the step failed before its figures).`;
  return (
    `- Fuzzing from the OpenAPI document, ${label} (${n(f.runsPerOperation)} generated requests per operation, seed ${f.seed}): ` +
    `${n(f.operations)} operations, ${n(f.cases)} cases (${n(f.valid)} valid-shaped, ${n(f.invalid)} invalid); ` +
    `5xx answers ${n(f.status5xx)}, invalid inputs not answered 4xx ${n(f.invalidNot4xx)}, ` +
    `answers off the JSON:API document ${n(f.responsesOffDocument)} (${n(f.errorDocuments)} error and ${n(f.dataDocuments)} data documents ` +
    `checked; ${n(f.nonJsonAnswers)} CSV, HTML or redirect answers), rows changed by refused requests ${n(f.rowsChangedByRejected)} ` +
    '(an md5 of every table before and after each request).'
  );
}

function section(r) {
  const f = r.figures;
  const pick = (name) => f[`${name}.pglite`] ?? f[`${name}.postgresql`];
  const lines = [
    HEADING,
    '',
    '<!-- Written by scripts/reliability/security-md.mjs from docs/reliability.json; run `npm run test:reliability`, do not edit. -->',
    '',
    `\`npm run test:reliability\` (${r.form} form) on ${r.generatedAt.slice(0, 10)}: ${r.machine.cpus} CPUs (${r.machine.cpuModel}), ` +
      `${r.machine.memoryGb} GB, Node ${r.machine.node}, ${n(Math.round(r.seconds / 60))} minutes, shared with other work. Steps: ` +
      r.steps
        .map(
          (s) =>
            `${s.name} ${yes(s.passed)}` +
            (s.tests ? ` (${n(s.tests.passed)} tests passed, ${n(s.tests.failed)} failed, ${n(s.tests.skipped)} skipped)` : '') +
            (r.redone?.includes(s.id) ? ` (run again on ${s.ranAt.slice(0, 10)} after a fix)` : ''),
        )
        .join('; ') +
      '.',
    '',
  ];
  const tasks = pick('permission-matrix-tasks');
  const cust = pick('cross-customer');
  const dealer = pick('cross-dealer');
  lines.push(
    `- Permission matrix: every registered route called as nobody (401), as each account type without the permission (403) ` +
      `and as users of the right type holding every task but the ones the route needs (${n(tasks?.routeTypeCases)} route and type ` +
      `cases, ${n(tasks?.refused403)} refused 403 with no data). A customer calling every route it may call with the other ` +
      `customer's identifiers: ${n(cust?.routes)} routes, ${n(cust?.calls)} calls, rows of the other customer ${n(cust?.rowsOfOtherCustomer)}. ` +
      `A dealer likewise: ${n(dealer?.routes)} routes, ${n(dealer?.calls)} calls, other dealers' price files ${n(dealer?.filesOfOtherDealer)}.`,
  );
  const lp = pick('least-privilege');
  // Recorded by apps/server/test/security/least-privilege.test.ts (docs/permissions.md); absent from runs before it.
  if (lp)
    lines.push(
      `- Least privilege: ${n(lp.writeRoutes)} write routes × ${n(lp.userKinds)} kinds of user (${n(lp.calls)} calls, each answered as ` +
        `docs/permissions.md says); writes refused to view-only users (tasks 502, 505, 508) ${n(lp.writesRefusedToViewOnlyUsers)}, ` +
        `left open to them ${n(lp.writesOpenToViewOnlyUsers)} (their own sign-in, session and settings, the public forms, and tax rates, ` +
        'which the specification opens to every corporate user).',
    );
  lines.push(fuzzLine(f['fuzz.pglite'], 'PGlite'));
  if (f['fuzz.postgresql']) lines.push(fuzzLine(f['fuzz.postgresql'], 'PostgreSQL'));
  for (const [key, label] of [
    ['hostile-input.pglite', 'PGlite'],
    ['hostile-input.postgresql', 'PostgreSQL'],
  ]) {
    const h = f[key];
    if (!h && label === 'PostgreSQL') continue;
    lines.push(
      h
        ? `- Hostile strings in every input of every route, ${label} (issue 16; NUL, lone surrogates, bidirectional and zero-width ` +
            `characters, values up to 200,000 characters, SQL and CSV metacharacters, as a corporate user; ${n(h.runsPerRoute)} generated ` +
            `per route besides NUL in each input, seed ${h.seed}): ${n(h.routes)} routes, ${n(h.cases)} cases; 5xx answers ${n(h.status5xx)}, ` +
            `requests with a character the database cannot store ${n(h.unstorableCases)}, accepted ${n(h.unstorableAccepted)}.`
        : `- Hostile strings in every input of every route, ${label}: not measured (run \`npm run test:reliability\`).`,
    );
  }
  const fuzzers = ['fuzz.pglite', 'fuzz.postgresql', 'hostile-input.pglite', 'hostile-input.postgresql'].filter((k) => f[k]);
  lines.push(
    `- **5xx answers from the fuzzers: ${n(fuzzers.reduce((sum, k) => sum + (f[k].status5xx ?? 0), 0))}** ` +
      `(${fuzzers.map((k) => `${k} ${n(f[k].status5xx)}`).join(', ') || 'none measured'}).`,
  );
  const ex = pick('exports');
  lines.push(
    `- Exports: ${n(ex?.csvExports)} CSV exports found among the GET routes (${(ex?.routes ?? []).map((u) => `\`${u}\``).join(', ')}), ` +
      `${n(ex?.downloadsChecked)} downloads after every text column got a formula prefix and files of formula cells were processed: ` +
      `every file round-trips through csv-parse, ${n(ex?.cells)} cells, ${n(ex?.formulaCellsEscaped)} formula cells escaped, ` +
      `${n(ex?.unescapedFormulaCells)} unescaped.`,
  );
  const up = pick('uploads');
  lines.push(
    `- Uploads: ${n(up?.routes)} upload routes found among the registered routes, ${n(up?.hostileFiles)} hostile files (over the limit, ` +
      `NUL, invalid UTF-8, 100,000 columns, a 10 MB line, PNG/ZIP/ELF named .csv, wrong extension, empty, two files), ${n(up?.cases)} cases: ` +
      `${n(up?.refusedWithMessage)} refused with a message naming \`file\`, ${n(up?.refusalsRecorded)} refusals recorded as failed units ` +
      `without the file, bytes stored ${n(up?.bytesStored)}, jobs queued ${n(up?.jobsQueued)}, server or worker errors ${n(up?.serverErrors)}, ` +
      `files written to disk ${n(up?.filesOnDisk)}; \`../\` and control characters stripped from ${n(up?.acceptedNamesSanitized)} stored names.`,
  );
  const h = pick('headers');
  lines.push(
    `- Headers: ${n(h?.answersChecked)} answers of every method of every route, signed in and out (statuses ` +
      `${(h?.statuses ?? []).join(', ')}), checked for CSP, nosniff, Referrer-Policy, a framing rule and a request id. The cookie, ` +
      'HTTPS and session tests (planted session, sign-out, disabled account, task taken away) are among the tests counted above; ' +
      'a failing one is listed below.',
  );
  const sign = (db) => f[`sign-in-recovery.${db}`];
  const burst = (db) => (sign(db) ? `${n(sign(db).burstPasswordChecks)} on ${db === 'pglite' ? 'PGlite' : 'PostgreSQL'}` : null);
  const bursts = ['pglite', 'postgresql'].map(burst).filter(Boolean);
  lines.push(
    bursts.length
      ? `- Sign-in and recovery: a burst of ${n(pick('sign-in-recovery')?.burstRequests)} concurrent sign-ins over HTTP (30 wrong passwords ` +
          `and the right one) got ${bursts.join(', ')} password checks (at most ${n(pick('sign-in-recovery')?.burstLimit)}), the right ` +
          `password signed in ${['pglite', 'postgresql'].some((db) => sign(db)?.burstRightPasswordSignedIn) ? '**yes**' : 'never'}; an unknown ` +
          `username under the same burst ${n(pick('sign-in-recovery')?.burstUnknownUserChecks)} checks. Reset tokens found in the whole log ` +
          `(every level) after opening the e-mailed link, the check route and the reset: ` +
          `${
            ['pglite', 'postgresql']
              .map((db) => sign(db)?.tokensInLog)
              .filter((v) => v !== undefined)
              .map(n)
              .join(' and ') || 'not measured'
          }.`
      : '- Sign-in and recovery (password checks under a burst, tokens in the log): not measured in this run.',
  );
  const crash = f.crash;
  if (crash) {
    const pg = crash.postgres;
    const pl = crash.pglite;
    lines.push(
      `- Crashes (SIGKILL of the real server, seed ${crash.seed}): PostgreSQL ${n(pg.kills)} kills (${n(pg.killsDuringUpload)} during an upload, ` +
        `${n(pg.killsAfterAcknowledgement)} right after its 202, ${n(pg.killsDuringJob)} during a job, ${n(pg.jobsCaughtRunning)} caught running): ` +
        `acknowledged uploads ${n(pg.acknowledgedUploads)}, lost ${n(pg.acknowledgedUploadsLost)}, not processed after the last restart ` +
        `${n(pg.acknowledgedNotProcessed)}, jobs finished twice ${n(pg.jobsFinishedTwice)}, duplicated rows ${n(pg.duplicatedRows)}, ` +
        `files left unfinished ${n(pg.filesLeftUnfinished)}, failed restarts ${n(pg.failedRestarts)} (slowest ${n(Math.round(pg.restartMsMax / 100) / 10)} s). ` +
        `PGlite ${n(pl.kills)} kills (${n(pl.killsWhileStarting)} while starting): the data directory opened again ${n(pl.reopened - 1)} of ` +
        `${n(pl.kills)} times, blocked by the lock ${n(pl.blockedByLock)}, acknowledged uploads lost ${n(pl.acknowledgedUploadsLost)}, not processed ` +
        `${n(pl.acknowledgedNotProcessed)}.`,
    );
    const rs = crash.postgresRestart;
    lines.push(
      rs
        ? `- PostgreSQL stopped (immediate) and started under traffic: ${n(rs.outageSeconds)} s away, answers meanwhile ` +
            `${Object.entries(rs.answersWhileAway)
              .map(([k, v]) => `${n(v)} × ${k}`)
              .join(', ')}, other 5xx ${n(rs.otherServerErrors)}, requests without a server ${n(rs.connectionFailures)}, ` +
            `the process ${rs.serverExited ? '**exited**' : 'kept running'}, recovered ${n(rs.recoverySeconds)} s after the database was back.`
        : '- PostgreSQL restart under traffic: not part of this run (`RELIABILITY_PG_RESTART=1` runs it; it stops the shared server).',
    );
  }
  const load = f.load;
  if (load?.list) {
    const s = (x) => `${n(x.rps)} requests/s, p99 ${n(x.p99)} ms`;
    const other = unexpectedAnswers;
    lines.push(
      `- Load (${load.seconds} s phases): the customer list at 20 connections ${s(load.list)}, errors ${n(other(load.list, [200]))}; ` +
        `sign-ins offered at ${load.signIns.offeredPerSecond}/s reached ${s(load.signIns)} (argon2id bounds them), errors ${n(other(load.signIns, [303]))}. ` +
        `At twice the sustainable rate: list ${s(load.listAtTwiceSustainable)}, sign-ins ${s(load.signInsAtTwiceSustainable)}, ` +
        `answers other than success, 429 or 503: ${n(other(load.listAtTwiceSustainable, [200, 429, 503]) + other(load.signInsAtTwiceSustainable, [303, 429, 503]))}. ` +
        `Request limit (${n(load.requestLimit.limitPerMinute)} a minute per address) at ${load.requestLimit.offeredPerSecond}/s: ` +
        `${n(load.requestLimit.statuses[429] ?? 0)} × 429, other refusals ${n(other(load.requestLimit, [200, 429]))}.`,
    );
    if (load.soak)
      lines.push(
        `- Soak (${n(load.soakSeconds / 60)} minutes, the list at half its sustainable rate and sign-ins): resident memory ` +
          `${n(load.soak.rssAfterWarmUpMb)} MB after warm-up, ${n(load.soak.rssAtEndMb)} MB at the end (${n(load.soak.growthPercent)}%` +
          (load.soak.medianGrowthPercent !== undefined
            ? `, the smaller of the lowest tenth's ${n(load.soak.floorGrowthPercent)}% and the median's ${n(load.soak.medianGrowthPercent)}%`
            : '') +
          `; limit +10%), list errors ${n(other(load.soak.list, [200]))}, sign-in errors ${n(other(load.soak.signIns, [303]))}.`,
      );
  }
  const failures = [
    ...r.steps.flatMap((st) => (st.tests?.failures ?? []).map((x) => `${x.test} — ${x.message}`)),
    ...(crash?.failures ?? []),
    ...(load?.failures ?? []),
  ];
  if (failures.length) lines.push('', 'Checks that failed in this run:', '', ...failures.map((x) => `- ${x}`));
  return lines.join('\n') + '\n';
}

const result = JSON.parse(fs.readFileSync(resultPath, 'utf8'));
const current = fs.readFileSync(securityPath, 'utf8');
const at = current.indexOf(HEADING);
const next = (at < 0 ? current.trimEnd() + '\n\n' : current.slice(0, at)) + section(result);
if (process.argv.includes('--check')) {
  const options = (await prettier.resolveConfig(securityPath)) ?? {};
  if ((await prettier.format(next, { ...options, filepath: securityPath })) !== current) {
    console.error('SECURITY.md does not show the figures of docs/reliability.json: run node scripts/reliability/security-md.mjs');
    process.exitCode = 1;
  }
} else {
  await writeFormatted(securityPath, next);
  console.log('SECURITY.md: figures section written from docs/reliability.json');
}
