// The embedded database thread's entry (pglite-thread.ts starts it): the server runs its TypeScript through
// tsx, which a worker thread does not inherit, so the thread registers it before loading its code.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-thread-worker.ts');
