// The portal as production runs it (`npm start` with NODE_ENV=production: `node --enable-source-maps
// apps/server/dist/main.mjs`, the compiled bundle of `npm run build`), for the list and probe benchmarks
// (issue 22, decision 0940). Loaded beside the bundle with `--import`, it adds what server-child.mjs adds
// to the TypeScript sources: the `ready` message (with the database the server opened, read from the line
// main prints when it listens), the event loop's delay over IPC, and `stop` (SIGTERM, main's own shutdown).
import { answerLoopDelay } from './loop-delay.mjs';

const log = console.log.bind(console);
console.log = (...args) => {
  const ready = typeof args[0] === 'string' ? /Portal ready on \S+ \(database: (\w+)\)/.exec(args[0]) : null;
  if (ready) process.send?.({ type: 'ready', port: Number(process.env.PORT), database: ready[1] });
  log(...args);
};

answerLoopDelay(() => process.kill(process.pid, 'SIGTERM'));
