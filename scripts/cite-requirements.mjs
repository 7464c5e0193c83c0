/**
 * Rewrites citations of the specification's sections ("document 1 section 4", "document 3 sections 4, 5
 * and 8", "DESIGN section 5", 'DESIGN "Route aliases"') into the requirement ids of docs/requirements.md
 * ("(FILE-05)", "rules LOY-21 and LOY-22"), by the table in scripts/cite-requirements-table.mjs.
 * Decision 0810.
 *
 *   node scripts/cite-requirements.mjs          rewrite the tracked files of SCANNED (the code, SECURITY.md,
 *                                               README.md, docs/ but the records); exit 1 if a citation has no row
 *   node scripts/cite-requirements.mjs --check  change nothing; exit 1 if any citation is left
 *
 * Re-run it after other changes land: rows match the text around a citation, not a file or a line number.
 * When packages/contract/src/core/writes.ts changes, docs/permissions.md is regenerated.
 * scripts/cite-requirements.test.mjs fails while a citation is left or an id is not in docs/requirements.md.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CITATIONS, LITERALS } from './cite-requirements-table.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const ONE =
  String.raw`\b(?:[Dd]ocuments? [1-3](?:(?:, | and )[1-3])*(?:'s)?(?: (?:sections?|§) ?\d+(?:(?:, and |, | and | to )\d+)*)?` +
  String.raw`|doc [1-3] §\d+(?:(?:, | and )§?\d+)*` +
  String.raw`|DESIGN (?:(?:section|§) ?\d+(?:, ["“][^"”]+["”])?|"[^"]+"|“[^”]+”))`;

/** One citation, or several in a row ("document 1 section 2, DESIGN "Route aliases""). */
export const CITATION = new RegExp(`${ONE}(?:(?:, |; )${ONE})*`, 'g');
const SINGLE = new RegExp(ONE, 'g');

/** What the check refuses anywhere in the scanned files. */
export const LEFTOVER = /\b[Dd]ocuments? [1-3]\b|\bdoc [1-3] §|\b[123D] §\d|\bDESIGN(?: section| §| "| “|: )/;

/** The requirement ids (docs/requirements.md's domains). */
export const ID = /\b(?:APP|PUB|AUTH|SESS|MSG|I18N|UI|API|PERM|FILE|ACCT|CUST|PREQ|PART|TAX|CORE|LOY|AUD)-\d{2}\b/g;

/**
 * Files whose citations are rewritten and checked: the code and the documents that describe it. Not the
 * decision records (a history of what was read), docs/requirements.md (the one place that names the
 * sources) nor docs/permissions.md (generated from writes.ts). This script and its table cite on purpose.
 */
export const SCANNED = [
  'apps',
  'packages',
  'e2e',
  'scripts',
  'bench',
  'SECURITY.md',
  'README.md',
  'docs/ARCHITECTURE.md',
  'docs/CONVENTIONS.md',
  'docs/operations.md',
  'docs/notes',
];
const TEXT_FILE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|md|hbs|html|css|json|sql|yaml|yml)$/;
const OWN = new Set(['scripts/cite-requirements.mjs', 'scripts/cite-requirements-table.mjs', 'scripts/cite-requirements.test.mjs']);

export function scannedFiles() {
  const listed = execFileSync('git', ['ls-files', '-z', '--', ...SCANNED], { cwd: root, encoding: 'utf8' });
  return listed.split('\0').filter((f) => f && TEXT_FILE.test(f) && !OWN.has(f) && fs.existsSync(path.join(root, f)));
}

const normal = (s) =>
  s
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ')
    .replace(/^Document/, 'document')
    .trim();

/** The ids of one citation, found by the first row whose text is in `window`; undefined without a row. */
function lookup(cite, window) {
  const wanted = normal(cite);
  for (const [near, rowCite, ids] of CITATIONS) {
    if (normal(rowCite) === wanted && window.includes(near)) return ids;
  }
  return undefined;
}

function words(list) {
  return list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}

/** How the ids read in place of a citation, from the text before it. */
function render(before, cite, found) {
  const texts = found.filter((f) => typeof f === 'object').map((f) => f.text);
  const ids = [...new Set(found.filter((f) => typeof f === 'string').flatMap((f) => f.split(/\s+/)))];
  const all = [...ids, ...texts];
  const plural = all.length > 1 || texts.some((t) => / to /.test(t));
  const bare = all.join(', ');
  // Parentheses open around the citation (a call's `(` before a string, as in describe('...'), is not one).
  const depth = [...before.replace(/\(\s*['"`]/g, '')].reduce((n, c) => n + (c === '(' ? 1 : c === ')' ? -1 : 0), 0);
  if (/ of $/.test(before)) {
    return depth > 0 ? { cut: 4, text: `, ${plural ? 'rules' : 'rule'} ${words(all)}` } : { cut: 4, text: ` (${bare})` };
  }
  if (/[(`'"“]$/.test(before)) return { cut: 0, text: bare };
  const word = plural ? 'rules' : 'rule';
  if (/^Document/.test(cite)) return { cut: 0, text: `${word[0].toUpperCase()}${word.slice(1)} ${words(all)}` };
  return { cut: 0, text: `${word} ${words(all)}` };
}

/**
 * Rewrites one file's text. Returns the new text, the number of citations rewritten, and the citations
 * that no row matched (left as they are).
 */
export function rewrite(text) {
  let out = text;
  for (const [from, to] of LITERALS) out = out.split(from).join(to);
  const lines = out.split('\n');
  let count = 0;
  const missing = [];
  for (let i = 0; i < lines.length; i++) {
    const window = lines.slice(Math.max(0, i - 3), i + 1).join('\n');
    const line = lines[i];
    let result = '';
    let last = 0;
    for (const match of line.matchAll(CITATION)) {
      const parts = match[0].match(SINGLE);
      const found = parts.map((p) => lookup(p, window));
      if (found.some((f) => f === undefined)) {
        missing.push({ line: i + 1, citation: match[0], text: line.trim() });
        continue;
      }
      const before = line.slice(last, match.index);
      const context = `${i > 0 ? lines[i - 1] : ''}\n${line.slice(0, match.index)}`;
      const { cut, text: ids } = render(context, match[0], found);
      result += before.slice(0, before.length - cut) + ids;
      last = match.index + match[0].length;
      count += 1;
    }
    if (last > 0) lines[i] = result + line.slice(last);
  }
  return { text: lines.join('\n'), count, missing };
}

function main() {
  const check = process.argv.includes('--check');
  let total = 0;
  const changed = [];
  const missing = [];
  const left = [];
  for (const file of scannedFiles()) {
    const full = path.join(root, file);
    const before = fs.readFileSync(full, 'utf8');
    if (check) {
      before.split('\n').forEach((l, i) => LEFTOVER.test(l) && left.push(`${file}:${i + 1}: ${l.trim()}`));
      continue;
    }
    const { text, count, missing: m } = rewrite(before);
    missing.push(...m.map((x) => `${file}:${x.line}: ${x.citation}  —  ${x.text}`));
    if (text !== before) {
      fs.writeFileSync(full, text);
      changed.push(file);
      total += count;
      if (file === 'packages/contract/src/core/writes.ts') {
        execFileSync(process.execPath, ['--import', 'tsx', 'scripts/permissions-doc.mjs'], { cwd: root, stdio: 'inherit' });
      }
    }
  }
  if (check) {
    for (const l of left) console.log(l);
    console.log(left.length ? `${left.length} citation(s) of the specification left` : 'no citation of the specification left');
    process.exit(left.length ? 1 : 0);
  }
  if (changed.length) {
    // A rewritten line may now be longer or shorter than the formatter wants.
    execFileSync(path.join(root, 'node_modules/.bin/prettier'), ['--write', '--log-level=warn', ...changed], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  console.log(`rewrote ${total} citation(s) in ${changed.length} file(s)`);
  if (missing.length) {
    console.log(`\n${missing.length} citation(s) without a row in scripts/cite-requirements-table.mjs:`);
    for (const m of missing) console.log(`  ${m}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
