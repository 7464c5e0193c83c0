// `npm run build` (second half): compiles the server, with the contract it imports as TypeScript source,
// into apps/server/dist as plain JavaScript, so that production runs without tsx, TypeScript or esbuild
// (docs/decisions/0500-compiled-server-bundle.md). Packages from node_modules stay imports (they are the
// production dependencies); our own code and @fc/contract are bundled. The SQL migrations are copied beside
// the bundle, where db/client.ts looks for them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
const outdir = path.join(server, 'dist');

/**
 * The entries: the server, its worker threads (started by URL, so each keeps its own file: the price files'
 * and the embedded database's) and the operator commands.
 */
const entryPoints = {
  main: 'src/main.ts',
  'price-worker': 'src/modules/files/price-worker.ts',
  'pglite-thread-worker': 'src/db/pglite-thread-worker.ts',
  seed: 'src/cli/seed.ts',
  users: 'src/cli/users.ts',
  migrate: 'src/cli/migrate.ts',
};

/** Bare imports stay imports of node_modules, except the workspace packages (TypeScript source), which are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@fc/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
fs.rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: server,
  entryPoints: Object.entries(entryPoints).map(([out, input]) => ({ out, in: input })),
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  outExtension: { '.js': '.mjs' },
  chunkNames: '[name]-[hash]',
  sourcemap: 'linked',
  sourcesContent: false,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
fs.cpSync(path.join(server, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });

const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.mjs'))
  .reduce((sum, [, o]) => sum + o.bytes, 0);
console.log(
  `Server compiled to ${path.relative(root, outdir)} (${(bytes / 1024).toFixed(0)} KiB of JavaScript) in ${Date.now() - started} ms`,
);
