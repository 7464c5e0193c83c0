// The event loop's delay inside a benchmark's server process (perf_hooks.monitorEventLoopDelay), answered
// over IPC: the parent asks for the figures, so the server itself needs no debug endpoint. Shared by
// server-child.mjs (the TypeScript sources) and production-child.mjs (the compiled bundle).
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** Starts measuring and answers `reset` and `stats`; `stop` calls `onStop`. */
export function answerLoopDelay(onStop) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
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
      await onStop();
    }
  });
}
