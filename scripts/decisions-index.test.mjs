import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decisionIndex, decisionsDir, decisionsDocument, readRecords } from './decisions-index.mjs';

describe('docs/decisions/README.md', () => {
  it('is the index as generated from the records (npm run docs:decisions)', () => {
    const doc = fs.readFileSync(path.join(decisionsDir, 'README.md'), 'utf8');
    expect(doc, 'docs/decisions/README.md is stale: run npm run docs:decisions').toBe(decisionsDocument());
  });

  it('lists every record once, each with a title', () => {
    const index = decisionIndex();
    const files = fs.readdirSync(decisionsDir).filter((f) => /^\d{4}-.*\.md$/.test(f));
    expect(index.map((r) => r.file)).toEqual(files.sort());
    expect(new Set(index.map((r) => r.number)).size, 'two records share a number').toBe(index.length);
    for (const r of index) expect(r.title, r.file).not.toBe('');
  });
});

describe('the index reads status lines', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'decisions-'));
  const write = (file, text) => fs.writeFileSync(path.join(dir, file), text);
  write('0004-old.md', '# 4. The old way\n\n- Status: superseded by [0501](0501-new.md) (2026-11-26)\n');
  write('0070-order.md', '# 70. Order\n\n- Status: accepted (2026-11-23)\n');
  write('0341-rates.md', '# 341. Rates\n\n- Status: accepted (2026-11-26); supersedes the "At least" bullet of\n  0070\n');
  write('0501-new.md', '# 0501 The new way\n\n- Status: accepted (2026-11-26); supersedes [0004](0004-old.md)\n');
  write('0600-none.md', '# Without a status line\n\nText.\n');
  write('notes.md', '# not a record\n');
  const index = decisionIndex(readRecords(dir));
  const of = (n) => index.find((r) => r.number === n);

  it('takes titles without their number, and "not stated" without a status line', () => {
    expect(index.map((r) => r.number)).toEqual(['0004', '0070', '0341', '0501', '0600']);
    expect(of('0501').title).toBe('The new way');
    expect(of('0600')).toMatchObject({ title: 'Without a status line', status: 'not stated' });
  });

  it('tells a whole supersession from a part one, from either side', () => {
    expect(of('0004')).toMatchObject({ status: 'superseded', supersededBy: ['0501'], amendedBy: [] });
    expect(of('0070')).toMatchObject({ status: 'accepted', supersededBy: [], amendedBy: ['0341'] });
    expect(of('0501').supersededBy).toEqual([]);
  });
});
