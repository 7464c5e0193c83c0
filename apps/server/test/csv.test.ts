import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { csvRecord, safeCell, sendCsv } from '../src/http/csv';

describe('safeCell', () => {
  it.each(['=SUM(A1:A2)', '+1+2', '-2+3', '@cmd', '\tTAB', '\rCR', '\0NUL', '=HYPERLINK("http://x")', '-', '+'])(
    'prefixes %j with a quote',
    (value) => {
      expect(safeCell(value)).toBe(`'${value}`);
    },
  );

  it.each(['0', '12', '-5', '-12.50', '3.14', 'ABC-123', 'plain text', 'a=b', ' =leading space'])('leaves %j alone', (value) => {
    expect(safeCell(value)).toBe(value);
  });

  it('keeps numbers (negative too) as numbers and formats other values', () => {
    expect(safeCell(-5)).toBe('-5');
    expect(safeCell(42.5)).toBe('42.5');
    expect(safeCell(null)).toBe('');
    expect(safeCell(undefined)).toBe('');
    expect(safeCell(true)).toBe('true');
    expect(safeCell(new Date('2026-01-02T03:04:05.000Z'))).toBe('2026-01-02T03:04:05.000Z');
  });
});

describe('csvRecord', () => {
  const cells = ['', 'plain', 'a,b', 'said "hi"', 'two\nlines', 'cr\rhere', '"', ',', ' spaced ', "'=1+1", 'é ü 漢', '-12.50'];

  it('writes the record csv-stringify writes, for every kind of cell', () => {
    for (const a of cells) for (const b of cells) expect(csvRecord([a, b, 'x'])).toBe(stringify([[a, b, 'x']]));
  });

  it('reads back as the same cells', () => {
    const text = cells.map((c) => csvRecord([c, 'end'])).join('');
    expect(parse(text, { relax_column_count: true })).toEqual(cells.map((c) => [c, 'end']));
  });
});

describe('sendCsv', () => {
  it('streams a CSV download with escaped cells, a header row and a safe file name', async () => {
    const app = Fastify();
    app.get('/x', async (_req, reply) => {
      async function* rows() {
        yield ['P-1', '=1+1', -3];
        yield ['P,2', 'said "hi"', 4.5];
      }
      return sendCsv(reply, 'prices "2026".csv', ['part_no', 'note', 'amount'], rows());
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/x' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="prices _2026_.csv"');
      expect(res.payload.split('\n')).toEqual(['part_no,note,amount', "P-1,'=1+1,-3", '"P,2","said ""hi""",4.5', '']);
    } finally {
      await app.close();
    }
  });
});
