#!/usr/bin/env node
/**
 * npm run bench:web — what a phone pays to open the portal's pages (issue 3 for the public site, issue 10,
 * benchmarks 5-7, for the login and table pages), each beside a bare Vite React build made in the same run.
 *
 * 1. Builds the web app into a private directory (never apps/web/dist) with a plugin that writes the module
 *    ids of every chunk (chunk-modules.json), and a bare Vite React build (bench/.tmp/bare: a one-component
 *    page and a 25-row table page) with the same Vite.
 * 2. Starts the real server on that build with its own embedded database (migrated, the demo data and the
 *    scale seed's 100,000 customers) and signs in as the corporate demo user.
 * 3. Bundle (benchmark 5): opens each page in Chromium at 360 px and sums the gzip size of every JavaScript
 *    response it loads. Budgets: landing page <= 120 kB, login page <= 170 kB, no chunk of the build over
 *    500 kB minified; the public pages load no table (MUI X DataGrid), form-library (react-hook-form,
 *    @hookform) or date-picker (MUI X date pickers) module, read from the module ids of the chunks they load.
 *    The signed-in table page must load the DataGrid's modules: if it does not, the check itself is broken.
 *    Issue 22: the table page's JavaScript before its first row (the DataGrid component's chunks are held back
 *    until a row shows, so a row that needs them waits FIRST_ROW_HOLD_MS and counts them): <= 170 kB; the
 *    largest chunk of the build gzipped: <= 250 kB.
 * 4. axe-core on every public page in en-us, es and fr at 360 and 1280 px: no violation.
 * 5. Lighthouse (mobile preset, median of BENCH_RUNS): the public pages (performance >= 95, accessibility
 *    100, best practices >= 95, CLS <= 0.02), the login page and the signed-in table page (session cookie
 *    passed as an extra header; performance >= 90, LCP <= 2.5 s, TBT <= 200 ms, CLS <= 0.1).
 * 6. Interaction (benchmark 7): sorting and paging the 25-row customer table under 4x CPU throttling
 *    (CDP Emulation.setCPUThrottlingRate), INP from PerformanceObserver 'event' entries: <= 200 ms; the same
 *    clicks on the bare table page as its peer; click to new rows (median of the six clicks) <= 2x the bare
 *    table page's (issue 22; the bare page sorts in memory, the portal asks its server).
 *
 * Prints the figures, then `BENCH_JSON {...}` (read by `npm run bench`). Exit code 1 when a budget is missed.
 *
 * Environment: CHROME_PATH (default /usr/bin/chromium), BENCH_PORT (default 3390), BENCH_RUNS (Lighthouse
 * runs per page, default 5), BENCH_INTERACTION_PROFILE (a file: the table page's JavaScript CPU profile over the
 * interaction clicks), BENCH_INTERACTION_TRACE (a file: Chromium's performance trace of the same clicks),
 * BENCH_WEB_NO_MINIFY=1 (build the web app unminified, for readable profiles), BENCH_LHR_DIR (keep each Lighthouse report there; BENCH_LHR_TRACE=1: its trace
 * too), BENCH_WEB_PARTS (a comma list of bundle, axe, interaction, lighthouse: run only those; default all), BENCH_LH_PAGES (a comma list of
 * paths: Lighthouse on those of its pages only, e.g. /ui/cust/login; default all four).
 */
/* global window, document, MutationObserver -- functions passed to the browser (page.evaluate, addInitScript) */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_FLAGS } from '../scripts/lib/chromium-flags.mjs';
import { FORM_TOKEN_COOKIE, signInThroughForm } from '../scripts/lib/form-sign-in.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const webDir = path.join(root, 'apps/web');
const requireFromWeb = createRequire(path.join(webDir, 'package.json'));
const { build } = await import(requireFromWeb.resolve('vite'));
const { default: react } = await import(requireFromWeb.resolve('@vitejs/plugin-react'));
const { chromium } = await import('@playwright/test');
const { default: AxeBuilder } = await import('@axe-core/playwright');
const { importHeavyTool } = await import('./support/heavy-tools.mjs');
const { default: lighthouse } = await importHeavyTool('lighthouse');
const chromeLauncher = await importHeavyTool('chrome-launcher');

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.BENCH_PORT ?? 3390);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PARTS = new Set((process.env.BENCH_WEB_PARTS ?? 'bundle,axe,interaction,lighthouse').split(','));
const LH_PAGES = process.env.BENCH_LH_PAGES?.split(',');
const PUBLIC_PAGES = ['/ui/home', '/ui/FleetriteCreditBack', '/ui/bonus', '/ui/toc'];
const LOGIN_PAGE = '/ui/cust/login';
const TABLE_PAGE = '/ui/corp/customers';
// Every public page of issue 3, for axe-core (the list of e2e/tests/public-site.spec.ts).
const AXE_PAGES = [...PUBLIC_PAGES, '/ui/unsupported-browser', '/ui/error-404', '/ui/cust/login', '/ui/merc/login', '/ui/corp/login'];
const LANGUAGES = ['en-us', 'es', 'fr'];
const WIDTHS = [360, 1280];
const BUDGET = {
  landingJsKb: 120,
  loginJsKb: 170,
  chunkKb: 500,
  // Issue 22: a table page's JavaScript before its first row, the signed-in app's largest chunk (gzip).
  tableFirstRowJsKb: 170,
  largestChunkGzKb: 250,
  clickToRowsRatio: 2,
  public: { performance: 95, accessibility: 100, bestPractices: 95, cls: 0.02 },
  app: { performance: 90, lcpMs: 2500, tbtMs: 200, cls: 0.1 },
  inpMs: 200,
};
/** Code a public page must not load (issue 3), recognised by module id. */
const HEAVY = {
  table: /node_modules\/@mui\/x-data-grid\//,
  'form library': /node_modules\/(react-hook-form|@hookform)\//,
  'date picker': /node_modules\/@mui\/x-date-pickers\//,
};

/** The first row of a table page: the first frame's (decision 0640), the light table's (decision 0610) or the DataGrid's. */
const FIRST_ROW = '[data-first-rows] tbody tr:not(.lt-empty), [data-light-table] tbody tr:not(.lt-empty), .MuiDataGrid-row';
/** The DataGrid component's own modules (its locale texts, components/table/grid-texts.ts, are not the grid's code). */
const GRID_COMPONENT = /node_modules\/@mui\/x-data-grid\/(DataGrid|components|hooks)\//;
/** How long the DataGrid's chunks are held back waiting for a first row without them. */
const FIRST_ROW_HOLD_MS = 20_000;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-bench-web-'));
const webDist = path.join(tmp, 'web');
const chunkModulesFile = path.join(tmp, 'chunk-modules.json');
const dataDir = path.join(tmp, 'data');
const bareDir = path.join(here, '.tmp', 'bare');
const children = [];
const servers = [];
const log = (...args) => console.log(...args);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const round = (x, digits = 0) => Number(x.toFixed(digits));

async function cleanup() {
  for (const s of servers) await new Promise((r) => s.close(() => r()));
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  fs.rmSync(tmp, { recursive: true, force: true });
}

/** Records the module ids of each chunk, so that what a page loads can be checked by what is in it. */
function chunkModules(outFile) {
  return {
    name: 'bench-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = {};
      for (const [fileName, c] of Object.entries(bundle)) {
        if (c.type !== 'chunk') continue;
        const ids = c.moduleIds ?? Object.keys(c.modules ?? {});
        chunks[path.basename(fileName)] = {
          isEntry: c.isEntry,
          modules: ids.map((id) => id.replace(`${root}/`, '')),
          // Bytes of each module in the chunk before minification, to say which packages a page pays for.
          sizes: ids.map((id) => c.modules?.[id]?.renderedLength ?? 0),
        };
      }
      fs.writeFileSync(outFile, JSON.stringify(chunks));
    },
  };
}

/** The web app, built with its own configuration (as `npm run build` does) into a private directory. */
async function buildWeb() {
  await build({
    root: webDir,
    configFile: path.join(webDir, 'vite.config.ts'),
    logLevel: 'warn',
    plugins: [chunkModules(chunkModulesFile)],
    build: { outDir: webDist, emptyOutDir: true, ...(process.env.BENCH_WEB_NO_MINIFY ? { minify: false } : {}) },
  });
  return JSON.parse(fs.readFileSync(chunkModulesFile, 'utf8'));
}

/**
 * A bare Vite React build: a page rendering one component (the bundle's floor) and a page with a 25-row
 * table sorted and paged in the browser (the interaction's floor: React alone, no data grid, no server).
 */
async function buildBare() {
  fs.rmSync(bareDir, { recursive: true, force: true });
  fs.mkdirSync(path.join(bareDir, 'src'), { recursive: true });
  const html = (title, entry) =>
    `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>${title}</title></head><body><div id="root"></div><script type="module" src="/src/${entry}"></script></body></html>\n`;
  fs.writeFileSync(path.join(bareDir, 'index.html'), html('Bare', 'main.jsx'));
  fs.writeFileSync(path.join(bareDir, 'table.html'), html('Bare table', 'table.jsx'));
  fs.writeFileSync(
    path.join(bareDir, 'src', 'main.jsx'),
    [
      "import { StrictMode, useState } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      'function App() {',
      '  const [n, setN] = useState(0);',
      '  return <main><h1>Bare page</h1><button onClick={() => setN(n + 1)}>Clicked {n} times</button></main>;',
      '}',
      "createRoot(document.getElementById('root')).render(<StrictMode><App /></StrictMode>);",
      '',
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(bareDir, 'src', 'table.jsx'),
    [
      "import { StrictMode, useMemo, useState } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      "const CITIES = ['Chicago', 'Dallas', 'Denver', 'Toronto', 'Atlanta', 'Phoenix'];",
      'const ROWS = Array.from({ length: 1000 }, (_, i) => ({ custNo: 2000000 + i, custName: `Fleet ${(i * 7919) % 1000}`, city: CITIES[i % 6], status: i % 5 ? 0 : 1 }));',
      "const COLUMNS = ['custNo', 'custName', 'city', 'status'];",
      'function App() {',
      "  const [sort, setSort] = useState({ field: 'custNo', dir: -1 });",
      '  const [page, setPage] = useState(0);',
      '  const sorted = useMemo(() => [...ROWS].sort((a, b) => (a[sort.field] < b[sort.field] ? -1 : a[sort.field] > b[sort.field] ? 1 : 0) * sort.dir), [sort]);',
      '  const rows = sorted.slice(page * 25, page * 25 + 25);',
      '  return (',
      '    <main>',
      '      <h1>Bare table</h1>',
      '      <table>',
      '        <thead><tr>{COLUMNS.map((c) => <th key={c} data-field={c}><button onClick={() => { setSort({ field: c, dir: sort.field === c ? -sort.dir : 1 }); setPage(0); }}>{c}</button></th>)}</tr></thead>',
      '        <tbody>{rows.map((r) => <tr className="row" key={r.custNo}>{COLUMNS.map((c) => <td key={c}>{r[c]}</td>)}</tr>)}</tbody>',
      '      </table>',
      '      <nav className="pager"><button onClick={() => setPage(Math.max(0, page - 1))}>Previous</button><button onClick={() => setPage(page + 1)}>Next</button></nav>',
      '    </main>',
      '  );',
      '}',
      "createRoot(document.getElementById('root')).render(<StrictMode><App /></StrictMode>);",
      '',
    ].join('\n'),
  );
  await build({
    root: bareDir,
    configFile: false,
    logLevel: 'warn',
    // React resolves from the web app, so both builds use the same copy.
    resolve: {
      alias: {
        react: path.dirname(requireFromWeb.resolve('react/package.json')),
        'react-dom': path.dirname(requireFromWeb.resolve('react-dom/package.json')),
      },
    },
    plugins: [react()],
    build: {
      target: 'es2022',
      outDir: path.join(bareDir, 'dist'),
      emptyOutDir: true,
      rolldownOptions: { input: { index: path.join(bareDir, 'index.html'), table: path.join(bareDir, 'table.html') } },
    },
  });
}

/** Serves the bare build. */
function serveBare() {
  const dist = path.join(bareDir, 'dist');
  const server = http.createServer((req, res) => {
    const file = path.join(dist, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const target = file.startsWith(dist) && fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(dist, 'index.html');
    const type = target.endsWith('.js') ? 'text/javascript' : target.endsWith('.css') ? 'text/css' : 'text/html';
    res.writeHead(200, { 'content-type': type });
    fs.createReadStream(target).pipe(res);
  });
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`)));
}

/** The embedded database of the run: migrated, the demo data and 100,000 customers (a table worth paging). */
async function seedDatabase() {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(here, 'support/seed-pglite.mjs'), dataDir], {
    cwd: root,
    env: Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL')),
  });
}

/** The real server on the fresh build, with its own embedded database. */
async function startServer() {
  // Without DATABASE_URL, so that the server opens its own embedded database in DATA_DIR.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(PORT),
      PUBLIC_URL: `http://localhost:${PORT}`,
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      JOBS_ENABLED: 'false',
      NODE_ENV: 'production',
      MFA_POLICY: 'optional', // the bench users sign in with their passwords alone, as in the demo
      // Lighthouse and axe load every page dozens of times from one address.
      RATE_LIMIT_MAX: '1000000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${stderr}`);
    try {
      const res = await fetch(`http://localhost:${PORT}/readyz`);
      if (res.ok) return `http://localhost:${PORT}`;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not start:\n${stderr}`);
}

/** The corporate demo user's session cookie (name=value), through the login form's endpoint. */
async function signIn(base) {
  const session = await signInThroughForm(`${base}/framework/login/corp`, { origin: base, username: 'corp' });
  // Passed as a header to Chromium and Lighthouse: a valid form token beside the session keeps the server
  // from setting one, which would put a cookie in the browser's jar that replaces this header.
  return `${session}; ${FORM_TOKEN_COOKIE}`;
}

/**
 * Opens a page in Chromium (360 px wide, fresh profile) and sums the gzip size of each JavaScript response;
 * with the build's chunk list, names the heavy modules those responses carry.
 */
async function measureJs(browser, url, readySelector, { cookie, chunks, firstRow } = {}) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true });
  if (cookie) await context.setExtraHTTPHeaders({ cookie });
  const page = await context.newPage();
  const scripts = [];
  // JavaScript before the first row (issue 22): the chunks holding the DataGrid are held back until a row is
  // on screen, so a first row that needs the grid's code would wait for it (then the hold ends after
  // FIRST_ROW_HOLD_MS and the row counts every file before it); the files received before the row are counted.
  let rowShown = false;
  let releaseGrid = () => {};
  const gridReleased = new Promise((resolve) => (releaseGrid = resolve));
  const gridChunks = new Set(
    Object.entries(chunks ?? {})
      .filter(([, c]) => c.modules.some((id) => GRID_COMPONENT.test(id)))
      .map(([name]) => name),
  );
  if (firstRow)
    await page.route('**/*.js', async (route) => {
      if (gridChunks.has(new URL(route.request().url()).pathname.split('/').pop())) await gridReleased;
      await route.continue();
    });
  // What Lighthouse's best-practices audit would count against the page (errors-in-console).
  const consoleErrors = [];
  page.on('console', (msg) => msg.type() === 'error' && consoleErrors.push(msg.text().slice(0, 200)));
  page.on('pageerror', (err) => consoleErrors.push(err.message.slice(0, 200)));
  page.on('response', (res) => {
    if (res.status() >= 400) consoleErrors.push(`(${res.status()} from ${new URL(res.url()).pathname})`);
    const type = res.headers()['content-type'] ?? '';
    if (res.request().resourceType() === 'script' || /javascript/.test(type)) scripts.push({ res, beforeRow: !rowShown });
  });
  let rowWaitedForGrid = false;
  let firstRowMs;
  // The moment the first row is in the document, read in the page (performance.now()), so that a file counts
  // as before the row by its own responseEnd, not by when the test's own polling noticed the row.
  if (firstRow)
    await page.addInitScript((selector) => {
      const seen = () => {
        if (window.__firstRowAt === undefined && document.querySelector(selector)) window.__firstRowAt = performance.now();
      };
      new MutationObserver(seen).observe(document, { childList: true, subtree: true });
    }, firstRow);
  if (firstRow) {
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    rowWaitedForGrid = await page
      .waitForSelector(firstRow, { timeout: FIRST_ROW_HOLD_MS })
      .then(() => false)
      .catch(() => true);
    releaseGrid();
    if (rowWaitedForGrid) await page.waitForSelector(firstRow);
    firstRowMs = Date.now() - started;
    rowShown = true;
  }
  releaseGrid();
  if (firstRow) await page.waitForLoadState('networkidle');
  else await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForSelector(readySelector).catch(async (err) => {
    // Say where the page ended and what it showed, not only that the selector never came.
    const text = (
      await page
        .locator('body')
        .innerText()
        .catch(() => '')
    ).slice(0, 500);
    throw new Error(`${url}: ${readySelector} never appeared; the page is ${page.url()} showing:\n${text}\n${consoleErrors.join('\n')}`, {
      cause: err,
    });
  });
  await page.waitForLoadState('networkidle');
  if (new URL(page.url()).pathname !== new URL(url).pathname) throw new Error(`${url} went to ${page.url()}`);
  if (firstRow) {
    const { rowAt, ends } = await page.evaluate(() => ({
      rowAt: window.__firstRowAt,
      ends: performance.getEntriesByType('resource').map((e) => [e.name, e.responseEnd]),
    }));
    const endOf = new Map(ends);
    // A file the page had received when the row went in; every file when the row needed the grid's.
    if (rowAt !== undefined && !rowWaitedForGrid)
      for (const s of scripts) s.beforeRow = endOf.has(s.res.url()) ? endOf.get(s.res.url()) <= rowAt : s.beforeRow;
  }
  let raw = 0;
  let gz = 0;
  let gzBeforeRow = 0;
  const files = [];
  const heavy = {};
  const packages = {};
  for (const { res, beforeRow } of scripts) {
    const body = await res.body();
    const size = gzipSync(body, { level: 9 }).length;
    raw += body.length;
    gz += size;
    if (beforeRow) gzBeforeRow += size;
    const name = new URL(res.url()).pathname.split('/').pop();
    files.push({ name, gz: size, beforeRow });
    if (!chunks) continue;
    const chunk = chunks[name];
    // Files of apps/web/public (browser-check.js) are copied as they are: counted above, no modules to name.
    if (!chunk && fs.existsSync(path.join(webDist, name))) continue;
    if (!chunk) throw new Error(`${url} loaded ${name}, which is not a chunk of this build`);
    chunk.modules.forEach((id, i) => {
      const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(id)?.[1] ?? id.replace(/^(apps\/web\/src\/[^/]+(\/[^/]+)?).*/, '$1');
      packages[pkg] = (packages[pkg] ?? 0) + chunk.sizes[i];
    });
    for (const [kind, pattern] of Object.entries(HEAVY)) {
      const hits = chunk.modules.filter((id) => pattern.test(id));
      if (hits.length) (heavy[kind] ??= []).push(`${name} (${hits.length} modules, e.g. ${hits[0]})`);
    }
  }
  await context.close();
  const byPackage = Object.entries(packages)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([pkg, bytes]) => ({ pkg, bytes }));
  return {
    count: scripts.length,
    raw,
    gz,
    ...(firstRow ? { gzBeforeRow, filesBeforeRow: scripts.filter((x) => x.beforeRow).length, rowWaitedForGrid, firstRowMs } : {}),
    files: files.sort((a, b) => b.gz - a.gz),
    heavy,
    byPackage,
    consoleErrors,
  };
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** One Lighthouse run, mobile preset (the default configuration), in a fresh headless Chromium. */
async function lighthouseRun(url, cookie) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless', ...CHROMIUM_FLAGS] });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // A signed-in page that sends the browser to a login page would be measuring the wrong page.
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
      throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl}`);
    if (process.env.BENCH_LHR_DIR)
      fs.writeFileSync(path.join(process.env.BENCH_LHR_DIR, `${url.replace(/\W+/g, '_')}-${Date.now()}.json`), result.report);
    // The trace shows what each long task ran (Lighthouse's report names only the script).
    if (process.env.BENCH_LHR_DIR && process.env.BENCH_LHR_TRACE)
      fs.writeFileSync(
        path.join(process.env.BENCH_LHR_DIR, `${url.replace(/\W+/g, '_')}-${Date.now()}.trace.json`),
        JSON.stringify(result.artifacts.Trace),
      );
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failed = (id) =>
      lhr.categories[id].auditRefs
        .filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1)
        .map((r) => r.id)
        .join(', ');
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      fcp: lhr.audits['first-contentful-paint'].numericValue,
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      si: lhr.audits['speed-index'].numericValue,
      notes: { performance: failed('performance'), accessibility: failed('accessibility'), bestPractices: failed('best-practices') },
    };
  } finally {
    await chrome.kill();
  }
}

async function lighthouseMedian(url, cookie) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    // A trace now and then fails to record on a busy machine (NO_NAVSTART, NO_FCP): that run is repeated.
    for (let attempt = 1; ; attempt++) {
      try {
        runs.push(await lighthouseRun(url, cookie));
        break;
      } catch (err) {
        if (attempt >= 3) throw err;
        log(`  (run ${i + 1} repeated: ${err.message})`);
      }
    }
  }
  const m = (k) => median(runs.map((r) => r[k]));
  return {
    performance: m('performance'),
    accessibility: m('accessibility'),
    bestPractices: m('bestPractices'),
    cls: round(m('cls'), 3),
    fcpMs: Math.round(m('fcp')),
    lcpMs: Math.round(m('lcp')),
    tbtMs: Math.round(m('tbt')),
    siMs: Math.round(m('si')),
    runs: {
      performance: runs.map((r) => r.performance),
      lcpMs: runs.map((r) => Math.round(r.lcp)),
      tbtMs: runs.map((r) => Math.round(r.tbt)),
    },
    notFullMarks: runs[runs.length - 1].notes,
  };
}

/** axe-core on every public page, in each language and width: the violations found, per page. */
async function axeAll(browser, base) {
  const out = [];
  for (const language of LANGUAGES) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      await context.addInitScript((lng) => localStorage.setItem('fc.language', lng), language);
      const page = await context.newPage();
      for (const pagePath of AXE_PAGES) {
        await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        const lang = await page.evaluate(() => document.documentElement.lang);
        const results = await new AxeBuilder({ page }).analyze();
        out.push({
          page: pagePath,
          language,
          width,
          documentLang: lang,
          violations: results.violations.map((v) => `${v.id} (${v.nodes.length})`),
        });
      }
      await context.close();
    }
  }
  return out;
}

/** Interaction entries (Event Timing) kept by the page; INP is the slowest interaction (fewer than 50 of them). */
function observeInteractions() {
  // Each click's press and the end of its handling (the first task after the click event: the page's
  // synchronous work for the click, renders included, is done), to split a click's time into the driver's
  // approach, the press, the page's handling and the wait for the rows.
  window.__press = {};
  window.addEventListener('pointerdown', () => (window.__press.down = performance.now()), true);
  window.addEventListener('click', () => setTimeout(() => (window.__press.handled = performance.now()), 0), true);
  window.__interactions = new Map();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.interactionId) continue;
      const prev = window.__interactions.get(e.interactionId);
      if (!prev || e.duration > prev.duration)
        window.__interactions.set(e.interactionId, {
          name: e.name,
          start: e.startTime,
          duration: e.duration,
          inputDelay: e.processingStart - e.startTime,
          processing: e.processingEnd - e.processingStart,
        });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/**
 * Sorting and paging a 25-row table under 4x CPU throttling: each click's interaction (input to next paint,
 * what INP measures) and the time until the table shows the new rows.
 */
async function interactions(browser, url, { cookie, rowSelector, steps }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (cookie) await context.setExtraHTTPHeaders({ cookie });
  await context.addInitScript(observeInteractions);
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator(rowSelector).nth(24).waitFor();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // BENCH_INTERACTION_PROFILE=<file>: the page's JavaScript CPU profile over the clicks (the portal's only).
  const profile = process.env.BENCH_INTERACTION_PROFILE && cookie ? process.env.BENCH_INTERACTION_PROFILE : undefined;
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  // BENCH_INTERACTION_TRACE=<file>: Chromium's performance trace over the clicks (the portal's only): where the
  // time outside JavaScript goes (style, layout, paint), which a CPU profile shows as "(program)".
  const trace = process.env.BENCH_INTERACTION_TRACE && cookie ? process.env.BENCH_INTERACTION_TRACE : undefined;
  if (trace) await browser.startTracing(page, { path: trace, screenshots: false });
  const results = [];
  for (const [label, locate] of steps) {
    const before = await page.locator(rowSelector).first().textContent();
    // The table shows new rows (the first row changed) and nothing is loading any more: checked when the DOM
    // changes, and timed at the next animation frame (the frame that paints the change), as the rAF polling
    // this replaces timed it, without running a query on every frame of the wait: at 4x that polling was
    // about a tenth of the page's main-thread time during the clicks (CPU profile, 2026-11-27).
    await page.evaluate(
      ([sel, prev]) => {
        window.__rowsShown = new Promise((resolve) => {
          const shown = () => {
            const first = document.querySelector(sel);
            const busy = document.querySelector('.MuiLinearProgress-root, [role="progressbar"]');
            return first && first.textContent !== prev && !busy;
          };
          const observer = new MutationObserver(() => {
            if (!shown()) return;
            observer.disconnect();
            window.requestAnimationFrame(() => resolve(performance.now()));
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
        });
      },
      [rowSelector, before],
    );
    const clickedAt = await page.evaluate(() => ((window.__press = {}), performance.now()));
    await locate(page).click();
    const shownAt = await page.evaluate(() =>
      Promise.race([
        window.__rowsShown,
        new Promise((_, reject) => setTimeout(() => reject(new Error('no new rows within 30 s')), 30_000)),
      ]),
    );
    await page.waitForTimeout(300); // let the last event entries arrive
    const rows = await page.locator(rowSelector).count();
    // The API requests the click made, from asking to the last byte (the server's share of the wait).
    const [requestFrom, requestTo] = await page.evaluate((since) => {
      const api = performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime >= since && /\/(framework|fc-common-api)\//.test(e.name));
      return api.length ? [Math.min(...api.map((e) => e.startTime)) - since, Math.max(...api.map((e) => e.responseEnd)) - since] : [0, 0];
    }, clickedAt);
    const press = await page.evaluate(() => window.__press);
    results.push({
      label,
      rows,
      updateMs: Math.round(shownAt - clickedAt),
      ...(press.down && press.handled
        ? { pressedMs: Math.round(press.down - clickedAt), handledMs: Math.round(press.handled - clickedAt) }
        : {}),
      ...(requestTo ? { requestFromMs: Math.round(requestFrom), requestToMs: Math.round(requestTo) } : {}),
    });
  }
  if (profile) fs.writeFileSync(profile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  if (trace) await browser.stopTracing();
  const entries = await page.evaluate(() => [...window.__interactions.values()]);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.close();
  const clicks = entries.filter((e) => /pointer|click|mouse/.test(e.name)).sort((a, b) => a.start - b.start);
  // Interactions under 16 ms produce no entry (the observer's floor): they count as 16 ms at most.
  const inp = Math.max(16, ...entries.map((e) => e.duration));
  return {
    inpMs: Math.round(inp),
    interactionsOver16ms: clicks.map((e) => Math.round(e.duration)),
    steps: results,
  };
}

const checks = [];
function check(name, figure, target, pass, peer) {
  checks.push({ name, figure, ...(peer !== undefined ? { peer } : {}), target, pass });
  log(`  ${pass ? 'ok    ' : 'MISSED'} ${name}: ${typeof figure === 'object' ? JSON.stringify(figure) : figure} (target ${target})`);
  return pass;
}

try {
  log('Building the web app and a bare Vite React build, seeding the embedded database ...');
  const [chunks] = await Promise.all([buildWeb(), buildBare(), seedDatabase()]);
  const [base, bareBase] = await Promise.all([startServer(), serveBare()]);
  const cookie = await signIn(base);
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_FLAGS });

  const figures = {};
  if (PARTS.has('bundle')) {
    // ---------------------------------------------------------------- 5. bundle
    const bundle = {};
    for (const p of PUBLIC_PAGES) bundle[p] = await measureJs(browser, `${base}${p}`, 'h1', { chunks });
    bundle[LOGIN_PAGE] = await measureJs(browser, `${base}${LOGIN_PAGE}`, 'input[type="password"]', { chunks });
    bundle[TABLE_PAGE] = await measureJs(browser, `${base}${TABLE_PAGE}`, '.MuiDataGrid-row', { chunks, cookie, firstRow: FIRST_ROW });
    const bare = await measureJs(browser, `${bareBase}/`, 'h1');
    const chunkSizes = fs
      .readdirSync(path.join(webDist, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => {
        const body = fs.readFileSync(path.join(webDist, 'assets', f));
        return { name: f, bytes: body.length, gzBytes: gzipSync(body, { level: 9 }).length };
      })
      .sort((a, b) => b.bytes - a.bytes);
    const largestGz = chunkSizes.reduce((a, b) => (b.gzBytes > a.gzBytes ? b : a));

    log('\n5. JavaScript loaded (gzip -9 of each response body, as fetched by Chromium at 360 px)');
    log(`  bare Vite React page        ${kb(bare.gz).padStart(9)}  (${bare.count} files, ${kb(bare.raw)} raw)`);
    for (const [p, m] of Object.entries(bundle))
      log(`  ${p.padEnd(27)} ${kb(m.gz).padStart(9)}  (${m.count} files, ${kb(m.raw)} raw) = bare + ${kb(m.gz - bare.gz)}`);
    for (const [p, m] of Object.entries(bundle))
      if (m.consoleErrors.length) log(`  console errors on ${p}: ${m.consoleErrors.join(' | ')}`);
    for (const p of ['/ui/home', LOGIN_PAGE, TABLE_PAGE])
      log(`  what ${p} loads, by package (unminified bytes): ${bundle[p].byPackage.map((x) => `${x.pkg} ${kb(x.bytes)}`).join(', ')}`);
    log(
      `  largest on ${TABLE_PAGE}: ${bundle[TABLE_PAGE].files
        .slice(0, 5)
        .map((f) => `${f.name} ${kb(f.gz)}`)
        .join(', ')}`,
    );
    log(
      `  largest chunks of the build (minified): ${chunkSizes
        .slice(0, 5)
        .map((c) => `${c.name} ${kb(c.bytes)}`)
        .join(', ')}`,
    );
    check(
      'landing page JS (gzip)',
      kb(bundle['/ui/home'].gz),
      `<= ${BUDGET.landingJsKb} kB`,
      bundle['/ui/home'].gz / 1024 <= BUDGET.landingJsKb,
      kb(bare.gz),
    );
    check(
      `login page ${LOGIN_PAGE} JS (gzip)`,
      kb(bundle[LOGIN_PAGE].gz),
      `<= ${BUDGET.loginJsKb} kB`,
      bundle[LOGIN_PAGE].gz / 1024 <= BUDGET.loginJsKb,
      kb(bare.gz),
    );
    const table = bundle[TABLE_PAGE];
    log(
      `  ${TABLE_PAGE} first row after ${table.firstRowMs} ms with the DataGrid's chunks held back: ${kb(table.gzBeforeRow)} in ${table.filesBeforeRow} files before it${table.rowWaitedForGrid ? ' (the row waited for the grid: they were released after the hold)' : ''}`,
    );
    log(
      `  before the first row: ${table.files
        .filter((f) => f.beforeRow)
        .map((f) => `${f.name} ${kb(f.gz)}`)
        .join(', ')}`,
    );
    check(
      `table page ${TABLE_PAGE} JS before its first row (gzip)`,
      kb(table.gzBeforeRow),
      `<= ${BUDGET.tableFirstRowJsKb} kB`,
      !table.rowWaitedForGrid && table.gzBeforeRow / 1024 <= BUDGET.tableFirstRowJsKb,
      kb(bare.gz),
    );
    check(`table page ${TABLE_PAGE} JS in all (gzip), no budget`, kb(table.gz), 'printed beside the bare page', true, kb(bare.gz));
    check(
      'largest chunk of the build (gzip)',
      `${largestGz.name} ${kb(largestGz.gzBytes)}`,
      `<= ${BUDGET.largestChunkGzKb} kB`,
      largestGz.gzBytes / 1024 <= BUDGET.largestChunkGzKb,
    );
    const over = chunkSizes.filter((c) => c.bytes > BUDGET.chunkKb * 1024);
    check(
      `every chunk of the build (${chunkSizes.length}) minified`,
      `largest ${chunkSizes[0].name} ${kb(chunkSizes[0].bytes)}`,
      `<= ${BUDGET.chunkKb} kB`,
      over.length === 0,
    );
    for (const p of PUBLIC_PAGES) {
      const kinds = Object.entries(bundle[p].heavy).map(([k, v]) => `${k}: ${v.join('; ')}`);
      check(
        `${p} loads no table, form-library or date-picker module`,
        kinds.length ? kinds.join(' | ') : 'none',
        'none',
        kinds.length === 0,
      );
    }
    // The detector must see the DataGrid where it is, or its 'none' above means nothing.
    check(
      `the check sees the DataGrid on ${TABLE_PAGE}`,
      bundle[TABLE_PAGE].heavy.table ? 'yes' : 'no',
      'yes',
      !!bundle[TABLE_PAGE].heavy.table,
    );

    figures.bundle = {
      bare: { gzBytes: bare.gz, rawBytes: bare.raw, files: bare.count },
      pages: Object.fromEntries(
        Object.entries(bundle).map(([p, m]) => [
          p,
          {
            gzBytes: m.gz,
            rawBytes: m.raw,
            files: m.count,
            ...(m.gzBeforeRow !== undefined
              ? { gzBytesBeforeFirstRow: m.gzBeforeRow, filesBeforeFirstRow: m.filesBeforeRow, firstRowWaitedForGrid: m.rowWaitedForGrid }
              : {}),
            byPackage: m.byPackage,
            consoleErrors: m.consoleErrors,
          },
        ]),
      ),
      largestChunks: chunkSizes.slice(0, 5),
      largestChunkGz: largestGz,
    };
  }
  if (PARTS.has('axe')) {
    // ---------------------------------------------------------------- axe-core
    log(`\naxe-core: ${AXE_PAGES.length} public pages x ${LANGUAGES.join('/')} x ${WIDTHS.join('/')} px`);
    const axe = await axeAll(browser, base);
    const axeViolations = axe.filter((a) => a.violations.length);
    for (const language of LANGUAGES)
      for (const width of WIDTHS) {
        const of = axe.filter((a) => a.language === language && a.width === width);
        log(
          `  ${language.padEnd(5)} ${String(width).padStart(4)} px: ${of.reduce((n, a) => n + a.violations.length, 0)} violations over ${of.length} pages (document lang ${[...new Set(of.map((a) => a.documentLang))].join(', ')})`,
        );
      }
    for (const pagePath of AXE_PAGES)
      log(
        `  ${pagePath.padEnd(26)} violations ${LANGUAGES.map((l) => `${l} ${WIDTHS.map((w) => axe.find((a) => a.page === pagePath && a.language === l && a.width === w)?.violations.length).join('/')}`).join(', ')} (at ${WIDTHS.join('/')} px)`,
      );
    for (const a of axeViolations) log(`    ${a.page} ${a.language} ${a.width} px: ${a.violations.join(', ')}`);
    check(
      'axe-core violations on the public pages (3 languages, 360 and 1280 px)',
      axeViolations.length ? axeViolations.map((a) => `${a.page} ${a.language} ${a.width}: ${a.violations.join(', ')}`).join('; ') : 0,
      '0',
      axeViolations.length === 0,
    );

    figures.axe = axe;
  }
  if (PARTS.has('interaction')) {
    // ---------------------------------------------------------------- 7. interaction
    log('\n7. Interaction: sorting and paging a 25-row table, CPU throttled 4x');
    const gridRow = '.MuiDataGrid-row';
    const portalSteps = [
      ['sort by customer name', (page) => page.locator('.MuiDataGrid-columnHeader[data-field="cust_name"]')],
      ['sort by customer name, descending', (page) => page.locator('.MuiDataGrid-columnHeader[data-field="cust_name"]')],
      ['next page', (page) => page.locator('.MuiTablePagination-actions button').nth(1)],
      ['next page', (page) => page.locator('.MuiTablePagination-actions button').nth(1)],
      ['previous page', (page) => page.locator('.MuiTablePagination-actions button').nth(0)],
      ['sort by city', (page) => page.locator('.MuiDataGrid-columnHeader[data-field="city"]')],
    ];
    const bareSteps = [
      ['sort by customer name', (page) => page.locator('th[data-field="custName"] button')],
      ['sort by customer name, descending', (page) => page.locator('th[data-field="custName"] button')],
      ['next page', (page) => page.locator('.pager button').nth(1)],
      ['next page', (page) => page.locator('.pager button').nth(1)],
      ['previous page', (page) => page.locator('.pager button').nth(0)],
      ['sort by city', (page) => page.locator('th[data-field="city"] button')],
    ];
    const interaction = await interactions(browser, `${base}${TABLE_PAGE}`, { cookie, rowSelector: gridRow, steps: portalSteps });
    const bareInteraction = await interactions(browser, `${bareBase}/table.html`, { rowSelector: 'tr.row', steps: bareSteps });
    for (const [who, r] of [
      [TABLE_PAGE, interaction],
      ['bare table page', bareInteraction],
    ]) {
      log(`  ${who}: INP ${r.inpMs} ms; interactions over 16 ms: ${r.interactionsOver16ms.join(', ') || 'none'} ms`);
      log(
        `    click to new rows shown: ${r.steps.map((s) => `${s.label} ${s.updateMs} ms (${s.rows} rows${s.pressedMs !== undefined ? `, pressed at ${s.pressedMs}, handled by ${s.handledMs} ms` : ''}${s.requestToMs ? `, its request from ${s.requestFromMs} to ${s.requestToMs} ms` : ''})`).join(', ')}`,
      );
    }
    check(
      `INP sorting and paging ${TABLE_PAGE}, 4x CPU throttling`,
      `${interaction.inpMs} ms`,
      `<= ${BUDGET.inpMs} ms`,
      interaction.inpMs <= BUDGET.inpMs && interaction.steps.every((s) => s.rows === 25),
      `${bareInteraction.inpMs} ms`,
    );

    // Click to new rows against the bare table page's (issue 22: at most 2x), medians of the same six clicks.
    const clickMedian = (r) => median(r.steps.map((x) => x.updateMs));
    const ratio = clickMedian(interaction) / Math.max(1, clickMedian(bareInteraction));
    check(
      `click to new rows on ${TABLE_PAGE} against the bare table page (median), 4x CPU throttling`,
      `${clickMedian(interaction)} ms, ${ratio.toFixed(1)}x`,
      `<= ${BUDGET.clickToRowsRatio}x`,
      ratio <= BUDGET.clickToRowsRatio,
      `${clickMedian(bareInteraction)} ms`,
    );

    // The same from the press: the driver's approach (its actionability checks, slower on a larger page) left out.
    const pressMedian = (r) => median(r.steps.filter((x) => x.pressedMs !== undefined).map((x) => x.updateMs - x.pressedMs));
    const pressRatio = pressMedian(interaction) / Math.max(1, pressMedian(bareInteraction));
    log(
      `  from the press to new rows (median): ${pressMedian(interaction)} ms against ${pressMedian(bareInteraction)} ms, ${pressRatio.toFixed(1)}x`,
    );
    figures.interaction = {
      portal: interaction,
      bare: bareInteraction,
      clickToRowsRatio: round(ratio, 2),
      pressToRowsRatio: round(pressRatio, 2),
    };
  }
  await browser.close();
  if (PARTS.has('lighthouse')) {
    // ---------------------------------------------------------------- 6. Lighthouse
    const lighthouseFigures = {};
    for (const p of [...PUBLIC_PAGES.slice(0, 2), LOGIN_PAGE, TABLE_PAGE].filter((x) => !LH_PAGES || LH_PAGES.includes(x))) {
      const signedIn = p === TABLE_PAGE;
      const m = await lighthouseMedian(`${base}${p}`, signedIn ? cookie : undefined);
      lighthouseFigures[p] = m;
      log(`\nLighthouse ${p}${signedIn ? ' (signed in)' : ''} (mobile, median of ${RUNS})`);
      log(
        `  performance ${m.performance} (runs ${m.runs.performance.join(' ')}), accessibility ${m.accessibility}, best practices ${m.bestPractices}, CLS ${m.cls}`,
      );
      log(`  FCP ${m.fcpMs} ms, LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms, Speed Index ${m.siMs} ms`);
      for (const [k, v] of Object.entries(m.notFullMarks)) if (v) log(`  not full marks in ${k}: ${v}`);
      if (PUBLIC_PAGES.includes(p)) {
        const b = BUDGET.public;
        check(`Lighthouse ${p} performance`, m.performance, `>= ${b.performance}`, m.performance >= b.performance);
        check(`Lighthouse ${p} accessibility`, m.accessibility, `= ${b.accessibility}`, m.accessibility >= b.accessibility);
        check(`Lighthouse ${p} best practices`, m.bestPractices, `>= ${b.bestPractices}`, m.bestPractices >= b.bestPractices);
        check(`Lighthouse ${p} CLS`, m.cls, `<= ${b.cls}`, m.cls <= b.cls);
      } else {
        const b = BUDGET.app;
        check(`Lighthouse ${p} performance`, m.performance, `>= ${b.performance}`, m.performance >= b.performance);
        check(`Lighthouse ${p} LCP`, `${m.lcpMs} ms`, `<= ${b.lcpMs} ms`, m.lcpMs <= b.lcpMs);
        check(`Lighthouse ${p} TBT`, `${m.tbtMs} ms`, `<= ${b.tbtMs} ms`, m.tbtMs <= b.tbtMs);
        check(`Lighthouse ${p} CLS`, m.cls, `<= ${b.cls}`, m.cls <= b.cls);
      }
    }
    figures.lighthouse = lighthouseFigures;
  }
  const missed = checks.filter((c) => !c.pass);
  log(missed.length ? `\nBudgets missed: ${missed.map((c) => c.name).join('; ')}` : '\nAll budgets met.');
  log(`BENCH_JSON ${JSON.stringify({ benchmark: 'web', pass: missed.length === 0, parts: [...PARTS], checks, ...figures })}`);
  process.exitCode = missed.length ? 1 : 0;
} catch (err) {
  console.error(err);
  process.exitCode = 2;
} finally {
  await cleanup();
}
