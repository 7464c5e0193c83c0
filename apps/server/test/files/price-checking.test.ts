import { describe, expect, it } from 'vitest';
import { FileMessageCode, PriceVerdict } from '@fc/contract/files';
import { CsvFileError } from '../../src/modules/inbound-files/csv';
import { joinJsonArrays, type MergedRow } from '../../src/modules/files/price-check';
import { inlineChecking, workerChecking, type PriceChecking } from '../../src/modules/files/price-checking';

/**
 * The checking of a price file on the job's thread and in a worker thread (a file of PRICE_WORKER_MIN_ROWS
 * rows or more) must write the same result. The merge is played here by a catalogue in memory.
 */
const catalogue = new Map([
  ['P-1', { description: 'Brake pad, "heavy"', program: '10.00' }],
  ['P-2', { description: 'Filter, oil', program: '20.00' }],
  ['P-3', { description: '=cmd()', program: null }],
]);

function merge(valid: string): string {
  const rows = JSON.parse(valid) as { o: number; part_no: string; price: string }[];
  const answer: MergedRow[] = rows.map((r) => {
    const part = catalogue.get(r.part_no);
    if (!part) return [r.o, null, null, PriceVerdict.UnknownPart];
    const above = part.program !== null && Number(r.price) > Number(part.program);
    return [r.o, part.description, part.program, above ? PriceVerdict.AbovePrice : PriceVerdict.Ok];
  });
  return JSON.stringify(answer);
}

async function run(checking: PriceChecking) {
  try {
    let batches = 0;
    for await (const batch of checking.batches) {
      batches++;
      checking.merged(batch.id, batch.validCount ? merge(joinJsonArrays(batch.valid)) : '[]');
    }
    const { result, counts } = await checking.finish();
    return { batches, counts, text: result.toString('utf8') };
  } finally {
    await checking.close();
  }
}

const lines = ['part_no,price,effective_date'];
for (let i = 0; i < 40; i++) {
  lines.push('P-1,9.99,', 'p-2,25.00,2026-12-01', 'P-3,1.00,', `NOPE-${i},1.00,`, 'P-9,n/a,', ',1.00,');
}
lines.push('P-1,9.50,');
const file = Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);

describe('price file checking, on the job thread and in a worker', () => {
  it('writes the same result CSV and counts either way, in batches of the given size', async () => {
    const inline = await run(inlineChecking(file, 'es', 50));
    const worker = await run(workerChecking(file, 'es', 50, 2));
    expect(worker).toEqual(inline);
    // The thread is kept for the next file, which starts from nothing (no part seen, no count).
    expect(await run(workerChecking(file, 'es', 50, 2))).toEqual(inline);
    expect(inline.batches).toBe(Math.ceil((lines.length - 1) / 50));
    // 3 known parts once each; every later line of a part already seen is refused as repeated.
    expect(inline.counts).toEqual({ ok: 2, above: 1, unknown: 40, invalid: 198 });
    const text = inline.text.split('\n');
    expect(text[0]).toBe('part_no,description,submitted_price,program_price,difference,verdict,message');
    expect(text[1]).toMatch(/^P-1,"Brake pad, ""heavy""",9.99,10.00,-0.01,OK,/);
    expect(text[2]).toMatch(/^P-2,"Filter, oil",25.00,20.00,5.00,ABOVE_PROGRAM_PRICE,/);
    expect(text[3]).toMatch(/^P-3,'=cmd\(\),1.00,,,OK,/);
    expect(text).toHaveLength(lines.length + 1);
  });

  it('fails the file with the reason when the worker finds no header, as on the job thread', async () => {
    const noHeader = Buffer.from('sku,cost\nP-1,1.00\n');
    for (const checking of [inlineChecking(noHeader, 'en-us', 50), workerChecking(noHeader, 'en-us', 50, 2)]) {
      const err = await run(checking).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CsvFileError);
      expect((err as CsvFileError).fileMessage).toMatchObject({
        code: FileMessageCode.CsvMissingColumns,
        values: { missing: 'part_no, price' },
      });
    }
  });

  it('fails with the line where the CSV cannot be read', async () => {
    const broken = Buffer.from('part_no,price\nP-1,1.00\n"P-2,2.00\n');
    const err = await run(workerChecking(broken, 'en-us', 50, 2)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CsvFileError);
    expect((err as CsvFileError).fileMessage.code).toBe(FileMessageCode.CsvUnreadable);
  });

  it('a worker closed mid-way stops, and the job sees why', async () => {
    const checking = workerChecking(file, 'en-us', 10, 1);
    const iterator = checking.batches[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.value).toMatchObject({ id: 0, rows: 10 });
    await checking.close();
    await expect(iterator.next()).rejects.toThrow('price worker closed');
    await expect(checking.finish()).rejects.toThrow('price worker closed');
  });
});
