// The portal server in a child process for the benchmarks, with the event loop's delay measured inside it
// (perf_hooks.monitorEventLoopDelay). The parent asks for the figures over IPC, so the server itself needs
// no debug endpoint. Run with `node --import tsx`.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../../apps/server/src/config.ts';
import { startServer } from '../../apps/server/src/server.ts';

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();

// WEB_DIST: the built web app to serve (the export suite's browser needs its pages), as main.ts reads it.
const server = await startServer(loadConfig(process.env), { listen: true, webDist: process.env.WEB_DIST });
const address = server.app.server.address();
process.send?.({
  type: 'ready',
  port: typeof address === 'object' && address ? address.port : Number(process.env.PORT),
  // Which database the server really opened (pglite or postgres): the parent checks it is the one it meant.
  database: server.ctx.database.kind,
});

process.on('message', async (msg) => {
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
    await server.stop();
    process.exit(0);
  }
});
