import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CITATIONS, LITERALS } from './cite-requirements-table.mjs';
import { ID, LEFTOVER, rewrite, root, scannedFiles } from './cite-requirements.mjs';

/** The ids docs/requirements.md defines: lines `- **LOY-21** ...`. */
function definedIds() {
  const text = fs.readFileSync(path.join(root, 'docs/requirements.md'), 'utf8');
  return [...text.matchAll(/^- \*\*([A-Z0-9]+-\d{2})\*\* \S/gm)].map((m) => m[1]);
}

describe('docs/requirements.md', () => {
  it('defines each id once, each line with its source', () => {
    const ids = definedIds();
    expect(ids.length).toBeGreaterThan(100);
    expect(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      'ids defined twice',
    ).toEqual([]);
    const text = fs.readFileSync(path.join(root, 'docs/requirements.md'), 'utf8');
    const lines = text.split('\n').filter((l) => /^- \*\*[A-Z0-9]+-\d{2}\*\*/.test(l));
    expect(
      lines.filter((l) => !/ — (?:[123D] §\d+.*)$/.test(l)),
      'lines without a source',
    ).toEqual([]);
  });
});

describe('code cites requirement ids, not the specification', () => {
  const files = scannedFiles();

  it('no file cites "document N section M", "doc N §M" or a DESIGN section (node scripts/cite-requirements.mjs)', () => {
    const left = [];
    for (const file of files) {
      fs.readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .forEach((line, i) => LEFTOVER.test(line) && left.push(`${file}:${i + 1}: ${line.trim()}`));
    }
    expect(left).toEqual([]);
  });

  it('every id cited exists in docs/requirements.md', () => {
    const defined = new Set(definedIds());
    const unknown = [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      for (const m of text.matchAll(ID)) if (!defined.has(m[0])) unknown.push(`${file}: ${m[0]}`);
    }
    expect(unknown).toEqual([]);
  });

  it('every id of the rewrite table exists in docs/requirements.md', () => {
    const defined = new Set(definedIds());
    const table = [...CITATIONS.map((row) => (typeof row[2] === 'string' ? row[2] : row[2].text)), ...LITERALS.map((l) => l[1])];
    const unknown = table.flatMap((text) => [...text.matchAll(ID)].map((m) => m[0])).filter((id) => !defined.has(id));
    expect(unknown).toEqual([]);
  });
});

describe('the rewrite', () => {
  const cases = [
    ['/** Price file status (document 1 section 4): 26 in progress */', '/** Price file status (FILE-03): 26 in progress */'],
    [' * The customer loyalty page (document 3 sections 2 and 4): two tabs', ' * The customer loyalty page (LOY-30, LOY-32): two tabs'],
    [' * Route gating of document 1 section 4: after the user loads', ' * Route gating (APP-09): after the user loads'],
    ['/** Digits typed (the date mask of document 3 section 5). */', '/** Digits typed (the date mask, rule I18N-04). */'],
    [' * Document 1 section 4: on a 401 or 403 from any call the browser', ' * Rule APP-10: on a 401 or 403 from any call the browser'],
    ["describe('status codes of document 1 section 4', () => {", "describe('status codes (FILE-03, FILE-04)', () => {"],
    [
      ' * Where the web app is served (document 1 section 2, DESIGN "Route aliases"): /ui',
      ' * Where the web app is served (APP-06, APP-02): /ui',
    ],
    ['// The classic login form post (document 1 section 3; DESIGN section 5).', '// The classic login form post (AUTH-04).'],
    [' * Create customer (document 2 sections 2 to 5): every field', ' * Create customer (CUST-01 to CUST-17): every field'],
  ];
  it.each(cases)('%s', (from, to) => {
    const result = rewrite(from);
    expect(result.missing).toEqual([]);
    expect(result.text).toBe(to);
  });

  it('the check knows every way a section was cited, and lets ids and decisions pass', () => {
    for (const cited of [
      '(document 1 section 4)',
      'Document 2: x',
      'documents 2 and 3',
      'doc 3 §5',
      '(1 §4)',
      'DESIGN section 5',
      'DESIGN "Route aliases"',
      'DESIGN “Route aliases”',
      '(DESIGN: x)',
    ])
      expect(LEFTOVER.test(cited), cited).toBe(true);
    for (const fine of ['(LOY-21)', 'rules TAX-04 and TAX-05', 'decision 0300', 'the OpenAPI document', 'JSON:API documents'])
      expect(LEFTOVER.test(fine), fine).toBe(false);
  });

  it('leaves a citation without a row as it is, and reports it', () => {
    const line = ' * Something new (document 2 section 9).';
    expect(rewrite(line)).toEqual({ text: line, count: 0, missing: [{ line: 1, citation: 'document 2 section 9', text: line.trim() }] });
  });
});
