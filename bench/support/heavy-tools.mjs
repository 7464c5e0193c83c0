// The web benchmark's heavy tools (Lighthouse and its Chrome launcher: about 25 MB and 100 packages) are not
// dependencies of the repository, so a plain `npm install` does not fetch them (issue 21). The benchmark
// installs these pinned versions on first use into bench/.tmp/tools (ignored by git) and loads them from there.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const HEAVY_TOOLS = { lighthouse: '12.8.2', 'chrome-launcher': '1.2.1' };

const toolsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../.tmp/tools');

/** Imports a heavy tool (a name of HEAVY_TOOLS), installing the pinned versions first when they are missing. */
export async function importHeavyTool(name) {
  const wanted = Object.entries(HEAVY_TOOLS).map(([n, v]) => `${n}@${v}`);
  const installed = (n) => {
    try {
      return JSON.parse(fs.readFileSync(path.join(toolsDir, 'node_modules', n, 'package.json'), 'utf8')).version === HEAVY_TOOLS[n];
    } catch {
      return false;
    }
  };
  if (!Object.keys(HEAVY_TOOLS).every(installed)) {
    console.log(`Installing the benchmark's tools into ${path.relative(process.cwd(), toolsDir)}: ${wanted.join(', ')}`);
    fs.mkdirSync(toolsDir, { recursive: true });
    if (!fs.existsSync(path.join(toolsDir, 'package.json'))) fs.writeFileSync(path.join(toolsDir, 'package.json'), '{ "private": true }\n');
    execFileSync('npm', ['install', '--prefix', toolsDir, '--no-save', '--no-audit', '--no-fund', ...wanted], { stdio: 'inherit' });
  }
  const resolved = createRequire(path.join(toolsDir, 'package.json')).resolve(name);
  return import(pathToFileURL(resolved).href);
}
