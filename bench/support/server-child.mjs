// The portal server in a child process for the benchmarks, with the event loop's delay measured inside it
// (loop-delay.mjs). Run with `node --import tsx`.
import { loadConfig } from '../../apps/server/src/config.ts';
import { startServer } from '../../apps/server/src/server.ts';
import { answerLoopDelay } from './loop-delay.mjs';

// WEB_DIST: the built web app to serve (the export suite's browser needs its pages), as main.ts reads it.
const server = await startServer(loadConfig(process.env), { listen: true, webDist: process.env.WEB_DIST });
const address = server.app.server.address();
process.send?.({
  type: 'ready',
  port: typeof address === 'object' && address ? address.port : Number(process.env.PORT),
  // Which database the server really opened (pglite or postgres): the parent checks it is the one it meant.
  database: server.ctx.database.kind,
});

answerLoopDelay(async () => {
  await server.stop();
  process.exit(0);
});
