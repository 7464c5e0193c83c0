import type { Language } from '@fc/contract';
import {
  centsToText,
  checkPriceRow,
  parseCents,
  PRICE_RESULT_HEADER,
  PriceVerdict,
  RowMessageCode,
  rowMessageText,
  type RowMessage,
} from '@fc/contract/files';
import { csvRecord, safeCell } from '../../http/csv-cell';
import type { CsvRecord } from '../inbound-files/index';

/** One line of the result CSV, in the order of PRICE_RESULT_HEADER. */
type ResultRow = [
  partNo: string,
  description: string,
  submitted: string,
  program: string,
  difference: string,
  verdict: string,
  message: string,
];

interface ValidRow {
  o: number;
  part_no: string;
  price: string;
  effective_date: string | null;
}

/**
 * A batch checked and ready for its merge: `valid` holds the merge's JSON input ($3) in slices of at most
 * SLICE_ROWS valid rows, none when no row is valid. The job merges the slices together (`joinJsonArrays`),
 * or one by one while requests are being served, so that no statement holds a CPU for long then.
 */
export interface CheckedBatch {
  id: number;
  rows: number;
  validCount: number;
  valid: string[];
}

export const SLICE_ROWS = 250;

/** The JSON arrays `parts` as one array, in order (texts of arrays, as JSON.stringify or json_agg write them). */
export function joinJsonArrays(parts: readonly string[]): string {
  if (parts.length === 1) return parts[0]!;
  const items = parts.map((p) => p.trim().slice(1, -1).trim()).filter((p) => p !== '');
  return `[${items.join(',')}]`;
}

/** What the merge answers for one valid row, in the order of `o`: [o, description, program price, verdict]. */
export type MergedRow = [o: number, description: string | null, programPrice: string | null, verdict: string];

export interface PriceCounts {
  ok: number;
  above: number;
  unknown: number;
  invalid: number;
}

/**
 * The part of a price file's processing that needs no database: each batch of records is checked
 * (`checkPriceRow`, and a part repeated in the file is refused at its second line), and once the merge has
 * answered, the batch's lines of the result CSV are written. Runs on the job's thread for a small file and
 * in a worker thread for a large one (price-worker.ts); the merge itself is always the job's.
 */
export class PriceResultBuilder {
  readonly counts: PriceCounts = { ok: 0, above: 0, unknown: 0, invalid: 0 };
  private readonly firstLine = new Map<string, number>();
  private readonly open = new Map<number, { results: ResultRow[]; valid: ValidRow[] }>();
  private readonly chunks: string[] = [csvRecord(PRICE_RESULT_HEADER)];
  private nextId = 0;
  private readonly say: (m: RowMessage) => string;

  constructor(lang: Language) {
    this.say = (m) => rowMessageText(lang, m);
  }

  check(batch: readonly CsvRecord[]): CheckedBatch {
    const results = new Array<ResultRow>(batch.length);
    const valid: ValidRow[] = [];
    for (let i = 0; i < batch.length; i++) {
      const rec = batch[i]!;
      const check = checkPriceRow(rec.values);
      if (!check.ok) {
        const message = this.say({ ...check.message, line: rec.line });
        results[i] = [check.partNo, '', (rec.values.price ?? '').trim(), '', '', PriceVerdict.InvalidRow, message];
        continue;
      }
      const first = this.firstLine.get(check.partNo);
      if (first !== undefined) {
        const message = this.say({ code: RowMessageCode.PartRepeated, values: { part: check.partNo, first }, line: rec.line });
        results[i] = [check.partNo, '', centsToText(check.cents), '', '', PriceVerdict.InvalidRow, message];
        continue;
      }
      this.firstLine.set(check.partNo, rec.line);
      valid.push({ o: i, part_no: check.partNo, price: centsToText(check.cents), effective_date: check.effectiveDate });
    }
    this.counts.invalid += batch.length - valid.length;
    const id = this.nextId++;
    this.open.set(id, { results, valid });
    const slices: string[] = [];
    for (let k = 0; k < valid.length; k += SLICE_ROWS) slices.push(JSON.stringify(valid.slice(k, k + SLICE_ROWS)));
    return { id, rows: batch.length, validCount: valid.length, valid: slices };
  }

  /** Writes the batch's lines of the result CSV from the merge's answer (`merged`, one entry per valid row). */
  merged(id: number, merged: readonly MergedRow[]): void {
    const batch = this.open.get(id);
    if (!batch) throw new Error(`price batch ${id} is not open`);
    this.open.delete(id);
    const { results, valid } = batch;
    if (merged.length !== valid.length) throw new Error(`price batch ${id}: ${merged.length} merged rows for ${valid.length}`);
    for (let k = 0; k < merged.length; k++) {
      const [o, description, programPrice, verdict] = merged[k]!;
      const v = valid[k]!;
      const program = programPrice === null ? null : parseCents(programPrice);
      const difference = program === null ? '' : centsToText(parseCents(v.price)! - program);
      let message: string;
      if (verdict === PriceVerdict.Ok) {
        this.counts.ok++;
        message = this.say({ code: program === null ? RowMessageCode.AcceptedNoProgramPrice : RowMessageCode.Accepted });
      } else if (verdict === PriceVerdict.AbovePrice) {
        this.counts.above++;
        message = this.say({ code: RowMessageCode.AboveProgramPrice, values: { difference } });
      } else {
        this.counts.unknown++;
        message = this.say({ code: RowMessageCode.UnknownPart });
      }
      results[o] = [v.part_no, description ?? '', v.price, programPrice ?? '', difference, verdict, message];
    }
    let csv = '';
    for (const r of results) csv += csvRecord(r.map(safeCell));
    this.chunks.push(csv);
  }

  /** The result CSV, once every batch has been merged. */
  result(): Buffer {
    if (this.open.size) throw new Error(`${this.open.size} price batches were never merged`);
    return Buffer.from(this.chunks.join(''));
  }
}
