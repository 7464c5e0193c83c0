import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, where a server process runs from. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * Ports nobody listens on: the kernel picks them from its ephemeral range, which fixed-port servers on
 * this machine (the benchmarks' 3110-3113, the dev server's 3000) never use. All are held open together
 * so that the kernel cannot hand out one port twice.
 */
export async function freePorts(n: number): Promise<number[]> {
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

/** A real `main.ts` process of a multi-process test, with everything it wrote (for a failure's message). */
export interface ServerProcess {
  name: string;
  port: number;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

/**
 * Starts `apps/server/src/main.ts` on 127.0.0.1:`port` in test mode, without the web app; `env` sets the
 * rest (DATABASE_URL, DATA_DIR, SEED_DEMO, JOBS_ENABLED...).
 */
export function startServerProcess(name: string, port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (b: Buffer) => output.push(b.toString()));
  child.stderr!.on('data', (b: Buffer) => output.push(b.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { name, port, child, output, exited };
}

/** Waits until the process answers /healthz; throws with its output when it exits or takes too long. */
export async function serverReady(p: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (p.child.exitCode !== null || p.child.signalCode !== null) {
      throw new Error(`${p.name} exited with ${p.child.exitCode ?? p.child.signalCode}:\n${p.output.join('')}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${p.port}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${p.name} did not answer /healthz in ${timeoutMs} ms:\n${p.output.join('')}`);
}

/** Stops the processes still running (`signal`: SIGKILL where a clean shutdown is not the point) and waits for them. */
export async function stopServerProcesses(procs: ServerProcess[], signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill(signal);
  await Promise.all(procs.map((p) => p.exited));
}
