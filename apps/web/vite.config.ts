import { defineConfig, type Plugin, type Rollup } from 'vite';
import { transform } from 'esbuild';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRELOADED_MODULES } from './src/app/route-preloads.ts';

/** The classic script every page runs first (index.html); public/ files are copied as they are written. */
const BROWSER_CHECK = 'browser-check.js';

/**
 * Minifies the copy of public/browser-check.js: with its comments it was 1.7 kB gzipped of every page's
 * JavaScript, the landing page's 120 kB budget included (issue 22); minified, 1.0 kB. ES5 in and out, since
 * its job is to run in browsers too old for the portal's modules (esbuild: Vite's own minifier writes ES2015).
 */
function minifyBrowserCheck(): Plugin {
  return {
    name: 'minify-browser-check',
    apply: 'build',
    writeBundle: {
      // Before precompress, which compresses the minified file.
      order: 'pre',
      sequential: true,
      async handler(options) {
        const file = join(options.dir ?? 'dist', BROWSER_CHECK);
        if (!existsSync(file)) return;
        const { code } = await transform(readFileSync(file, 'utf8'), { minify: true, target: 'es5', loader: 'js' });
        writeFileSync(file, code);
      },
    },
  };
}

/** Writes .gz and .br beside each text asset; the server sends them with preCompressed (STACK.md). */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    // After the files are written: earlier hooks still see placeholders that Vite replaces last.
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const name of [...Object.keys(bundle), BROWSER_CHECK]) {
        if (!existsSync(join(dir, name))) continue;
        if (!/\.(js|css|html|svg|json)$/.test(name)) continue;
        const buf = readFileSync(join(dir, name));
        if (buf.length < 1024) continue;
        writeFileSync(join(dir, `${name}.gz`), gzipSync(buf, { level: 9 }));
        writeFileSync(join(dir, `${name}.br`), brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * route-preloads.json: for each route of PRELOADED_MODULES, the script and style files its modules load
 * besides what index.html already names. The server lists them in that page's HTML (decision 0990): on a page
 * load they come beside the entry, not a round trip after it, and the page's own requests start earlier too.
 */
function routePreloads(base: string): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const initial = new Set([entry.fileName, ...entry.imports]);
      const chunkOf = (module: string) => {
        const chunk = chunks.find((c) => c.moduleIds.some((id) => id.replace(/\\/g, '/').endsWith(`/apps/web/${module}`)));
        if (!chunk) this.error(`route-preloads: no chunk holds ${module}`);
        return chunk;
      };
      const filesOf = (chunk: Rollup.OutputChunk, into: { js: Set<string>; css: Set<string> }) => {
        if (initial.has(chunk.fileName) || into.js.has(chunk.fileName)) return;
        into.js.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) into.css.add(css);
        for (const name of chunk.imports) {
          const imported = bundle[name];
          if (imported?.type === 'chunk') filesOf(imported, into);
        }
      };
      const preloads: Record<string, { js: string[]; css: string[] }> = {};
      for (const [route, modules] of Object.entries(PRELOADED_MODULES)) {
        const files = { js: new Set<string>(), css: new Set<string>() };
        for (const module of modules) filesOf(chunkOf(module), files);
        preloads[route] = { js: [...files.js].map((f) => base + f), css: [...files.css].map((f) => base + f) };
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
/** Where the app's files are served (index.html names them under it; the alternate portal's pages too). */
const BASE = '/ui/';

export default defineConfig({
  base: BASE,
  plugins: [react(), minifyBrowserCheck(), precompress(), routePreloads(BASE)],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // A text catalogue (locales/*/*.json) is loaded whole, by its default export (lib/i18n.ts): a named export
  // per top-level key only lengthened every catalogue a page loads (issue 22).
  json: { namedExports: false },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/fc-common-api', '/framework', '/self', '/healthz', '/cgi-bin', '/samples'].map((p) => [
        p,
        { target: apiTarget, changeOrigin: false },
      ]),
    ),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 500,
    // The polyfill (in the entry chunk of every page) only makes browsers without <link rel="modulepreload">
    // (Safari before 17, Firefox before 115) fetch the entry's own imports early: they fetch them once the
    // entry is parsed instead, and preload a page's chunks all the same (Vite then uses rel="preload").
    modulePreload: { polyfill: false },
    // Building a zod schema (and a contract message key with msg()) has no side effect: a page that imports a
    // contract module for a constant or a pure rule must not pull zod in with the schemas beside it (the
    // public pages load without it; the contract is also marked side-effect free).
    rolldownOptions: {
      treeshake: { manualPureFunctions: ['z', 'msg'] },
      // The light public app's shell (frame, header, footer, icons, top alert) and the landing pages' shared
      // parts in one chunk instead of a dozen of a few hundred bytes each: every file costs its own gzip
      // overhead, and the landing page's JavaScript budget (issue 3, 120 kB) has no room for it. The group
      // takes what these modules import with it (React, i18next, TanStack Query, the API client), which
      // every page loads anyway: the portal's pages load fewer files too (bench:web, bench/notes.md).
      output: {
        codeSplitting: {
          groups: [
            // The contract's auth schemas and endpoints on their own: the login page needs them, and left to
            // the default they join the chunk of a signed-in component that uses them (the second-factor code
            // field), whose MUI imports then load on the login page too. Without the auth modules that import
            // no zod (endpoint paths, codes, link filling, default offers) nor the barrel that would capture
            // them as its dependencies, and after the public shell
            // (priority), so that the contract modules the shell imports stay in it: a page that loads this
            // chunk loads zod with it, which the landing page and a list's first frame must not (decision 0950).
            {
              name: 'contract-auth',
              test: /packages[\\/]contract[\\/]src[\\/]auth[\\/](?!(index|endpoints[\\/][\w-]+-paths|mfa-codes|config-links|default-promotions)\.ts$)/,
            },
            // A list's first frame (decision 0640) in two files instead of sixteen of 1-3 kB: on a page load
            // they are all asked for at once, and a phone's six connections would fetch them in three round
            // trips, each before the frame can paint (Lighthouse's LCP on the table page, decision 0990).
            {
              name: 'first-frame',
              includeDependenciesRecursively: false,
              test: /apps[\\/]web[\\/]src[\\/](app[\\/]first-frame[\\/]|components[\\/]table[\\/](plain-table|plain-pager|table-state)\.|lib[\\/](menu-open|query-keys|session[\\/](current-user|menu-routes|welcome))\.)|packages[\\/]contract[\\/]src[\\/]core[\\/]list-query\./,
            },
            {
              name: 'customer-first-frame',
              includeDependenciesRecursively: false,
              test: /apps[\\/]web[\\/]src[\\/]features[\\/]customers[\\/](components[\\/]customer-first-frame|api[\\/](get-customers|customer-columns|query-keys))\.|packages[\\/]contract[\\/]src[\\/]customers[\\/](enums|endpoints[\\/]customer-paths)\./,
            },
            {
              name: 'public-shell',
              priority: 1,
              test: /apps[\\/]web[\\/]src[\\/](app[\\/](public-app|public-top-alert|layouts[\\/](public-(frame|header|footer)|language-select))|components[\\/]public-icons|features[\\/]home[\\/](components[\\/](links|landing-redirect)|api[\\/]get-signed-in-user))\.tsx?$/,
            },
          ],
        },
      },
    },
  },
});
