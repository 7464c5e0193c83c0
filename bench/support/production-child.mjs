// The portal as production runs it (`npm start` with NODE_ENV=production: `node --enable-source-maps
// apps/server/dist/main.mjs`, the compiled bundle of `npm run build`), for the list and probe benchmarks
// (issue 22, decision 0940). Loaded beside the bundle with `--import`, it adds what server-child.mjs adds
// to the TypeScript sources: the `ready` message (with the database the server opened, read from the line
// main prints when it listens), the event loop's delay over IPC, and `stop` (SIGTERM, main's own shutdown).
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();

const log = console.log.bind(console);
console.log = (...args) => {
  const ready = typeof args[0] === 'string' ? /Portal ready on \S+ \(database: (\w+)\)/.exec(args[0]) : null;
  if (ready) process.send?.({ type: 'ready', port: Number(process.env.PORT), database: ready[1] });
  log(...args);
};

process.on('message', (msg) => {
  if (msg?.type === 'reset') {
    histogram.reset();
    process.send?.({ type: 'reset-done' });
  } else if (msg?.type === 'stats') {
    process.send?.({
      type: 'stats',
      p50: histogram.percentile(50) / 1e6,
      p99: histogram.percentile(99) / 1e6,
      max: histogram.max / 1e6,
      mean: histogram.mean / 1e6,
    });
  } else if (msg?.type === 'stop') {
    process.kill(process.pid, 'SIGTERM');
  }
});
