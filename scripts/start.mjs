// `npm start`: builds the web app when its build is missing or older than its sources (or the contract's),
// then runs the server in the foreground, passing Ctrl+C and SIGTERM on to it.
// In production (NODE_ENV=production, or an install without the development tools) nothing is built: the
// compiled server (apps/server/dist) and the built web app of `npm run build` run as they are.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadEnvFileArgs, root, serverCommand } from './lib/server-entry.mjs';

// `npm start -- --env-file=/etc/fleet-portal.env`: settings from a file (docs/operations.md).
loadEnvFileArgs(process.argv.slice(2));

const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src'];

/** The newest modification time of a file under `p` (0 when absent); test files do not count. */
function newestMtime(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(p) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

function needsBuild() {
  if (process.env.WEB_DIST) return false; // the operator points at a build of their own
  const built = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
  if (!built) return 'no build yet';
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  return newest > built ? 'sources changed since the last build' : false;
}

const command = serverCommand('main');
if ('error' in command) {
  console.error(command.error);
  process.exit(1);
}

const reason = needsBuild();
if (reason && command.compiled) {
  // No vite here: building is the build machine's job (npm run build), not the production start's.
  if (reason === 'no build yet') {
    console.error(
      `${path.relative(root, builtIndex)} is missing: run "npm run build" before installing for production (docs/operations.md), or set WEB_DIST.`,
    );
    process.exit(1);
  }
} else if (reason) {
  console.log(`Building the web app (${reason}) ...`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The web app build failed; the portal was not started.');
    process.exit(build.status ?? 1);
  }
}

// The demo (development, demo users seeded) runs with the second factor optional, so its users sign in with
// their password alone until they set one up (decision 0700); production keeps the server's default (editors).
const demo = process.env.NODE_ENV !== 'production' && !/^(false|0|no)$/.test(process.env.SEED_DEMO ?? '');
if (demo && !process.env.MFA_POLICY) process.env.MFA_POLICY = 'optional';

// Its own process group, so that a terminal's Ctrl+C reaches the server once (from us), not twice: the
// server treats a second signal as "stop now".
const server = spawn(process.execPath, command.args, {
  cwd: root,
  stdio: 'inherit',
  detached: process.platform !== 'win32',
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}
// Should this process end first (an error), do not leave the server behind.
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
});

server.on('error', (err) => {
  console.error(err);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1) : 1);
  process.exit();
});
