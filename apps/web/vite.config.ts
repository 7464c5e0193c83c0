import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes .gz and .br beside each text asset; the server sends them with preCompressed (STACK.md). */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    // After the files are written: earlier hooks still see placeholders that Vite replaces last.
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(name)) continue;
        const buf = readFileSync(join(dir, name));
        if (buf.length < 1024) continue;
        writeFileSync(join(dir, `${name}.gz`), gzipSync(buf, { level: 9 }));
        writeFileSync(join(dir, `${name}.br`), brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  base: '/ui/',
  plugins: [react(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
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
    // Building a zod schema (and a contract message key with msg()) has no side effect: a page that imports a
    // contract module for a constant or a pure rule must not pull zod in with the schemas beside it (the
    // public pages load without it; the contract is also marked side-effect free).
    rolldownOptions: { treeshake: { manualPureFunctions: ['z', 'msg'] } },
  },
});
