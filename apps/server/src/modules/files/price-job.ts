import type { FastifyBaseLogger } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import { languageFromCode } from '@fc/contract';
import {
  centsToText,
  checkPriceRow,
  FileMessageCode,
  parseCents,
  PRICE_FILE_COLUMNS,
  PRICE_RESULT_HEADER,
  PriceVerdict,
  RowMessageCode,
  rowMessageText,
  type FileMessage,
  type RowMessage,
} from '@fc/contract/files';
import type { AppContext } from '../../context';
import { safeCell } from '../../http/csv';
import { batchSizeFor, csvBatches, CsvFileError, type CsvRecord } from './csv';
import { defineFileJob, type FileOutcome, type InboundFile } from './job';
import { priceMessage } from './messages';

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

interface CheckedRow {
  o: number;
  description: string | null;
  program_price: string | null;
  verdict: string;
}

/**
 * The merge of one batch of valid rows: each row is checked against the catalogue and the programme's
 * guaranteed price, the accepted ones are upserted as the dealer's prices, and every row comes back
 * with its verdict. A price already held is not rewritten, so `changed` counts real changes, plus rows
 * that this very file wrote in an earlier run (a re-run after a crash still reports them as applied).
 * The benchmark runs the same statement after a `\copy` into a staging table (`PRICE_MERGE_SQL`).
 */
export function priceMergeSql(input: string) {
  return `with input as (${input}),
checked as (
  select i.o, i.part_no, i.price, i.effective_date, p.description, p.program_price,
         case when p.part_no is null then '${PriceVerdict.UnknownPart}'
              when p.program_price is not null and i.price > p.program_price then '${PriceVerdict.AbovePrice}'
              else '${PriceVerdict.Ok}' end as verdict
    from input i left join parts p on p.part_no = i.part_no
),
upserted as (
  insert into dealer_prices as d (merchant_no, part_no, price, effective_date, source_file_seq, updated_at)
  select $1::int, part_no, price, effective_date, $2::int, now() from checked where verdict = '${PriceVerdict.Ok}'
  on conflict (merchant_no, part_no) do update
     set price = excluded.price, effective_date = excluded.effective_date, source_file_seq = excluded.source_file_seq, updated_at = now()
   where (d.price, d.effective_date) is distinct from (excluded.price, excluded.effective_date) or d.source_file_seq = excluded.source_file_seq
  returning 1
)
select c.o, c.description, c.program_price::text as program_price, c.verdict, (select count(*) from upserted)::int as changed
  from checked c order by c.o`;
}

const JSON_INPUT = `select * from json_to_recordset($3::json) as i(o int, part_no text, price numeric, effective_date date)`;
export const PRICE_MERGE_SQL_JSON = priceMergeSql(JSON_INPUT);

const outcomeFailed = (osReturnCode: number, message: FileMessage): FileOutcome => ({ unitStatus: 1, osReturnCode, message });

/** The parameters stored with a price file at upload. */
export interface PriceFileParams {
  rowCount?: number;
  /** The uploader's session language code (0 en-us, 1 es, 2 fr): the result CSV's messages are in it. */
  language?: number;
}

/**
 * Merges in flight at once: on PostgreSQL the next batch is parsed and checked while the server merges the
 * previous ones; PGlite runs one statement at a time on this thread, so a second one would only make the
 * other requests wait longer behind the import.
 */
const inFlight = (ctx: AppContext) => (ctx.database.kind === 'pglite' ? 1 : 2);
const PROGRESS_EVERY_MS = 250;

/**
 * A price file (DESIGN section 5): header part_no, price and optional effective_date; each row is
 * checked and merged in batches (`batchSizeFor`), and a result CSV with a verdict per row is written. The file
 * as a whole fails (price status 13) when it cannot be read as CSV, lacks the header or has no row.
 */
export async function processPriceFile(
  ctx: AppContext,
  file: InboundFile,
  progress: (done: number, total?: number) => Promise<void>,
  log: FastifyBaseLogger,
): Promise<FileOutcome> {
  const merchantNo = file.merchantNo;
  if (merchantNo == null) return outcomeFailed(4, { code: FileMessageCode.NoMerchant, values: {} });
  const params = (file.params ?? {}) as PriceFileParams;
  const lang = languageFromCode(params.language);
  const say = (m: RowMessage) => rowMessageText(lang, m);
  const rowCount = Number(params.rowCount ?? 0);
  const total = rowCount > 1 ? rowCount - 1 : undefined;
  const firstLine = new Map<string, number>();
  const chunks: string[] = [stringify([PRICE_RESULT_HEADER as unknown as string[]])];
  const counts = { ok: 0, changed: 0, above: 0, unknown: 0, invalid: 0 };
  let read = 0;
  let done = 0;
  let reported = 0;

  /** Checks one batch at once and starts its merge; resolves with its part of the result CSV. */
  const startBatch = (batch: CsvRecord[]): Promise<string> => {
    const results = new Array<ResultRow>(batch.length);
    const valid: { o: number; part_no: string; price: string; effective_date: string | null }[] = [];
    for (let i = 0; i < batch.length; i++) {
      const rec = batch[i]!;
      const check = checkPriceRow(rec.values);
      if (!check.ok) {
        results[i] = [
          check.partNo,
          '',
          (rec.values.price ?? '').trim(),
          '',
          '',
          PriceVerdict.InvalidRow,
          say({ ...check.message, line: rec.line }),
        ];
        continue;
      }
      const first = firstLine.get(check.partNo);
      if (first !== undefined) {
        results[i] = [
          check.partNo,
          '',
          centsToText(check.cents),
          '',
          '',
          PriceVerdict.InvalidRow,
          say({ code: RowMessageCode.PartRepeated, values: { part: check.partNo, first }, line: rec.line }),
        ];
        continue;
      }
      firstLine.set(check.partNo, rec.line);
      valid.push({ o: i, part_no: check.partNo, price: centsToText(check.cents), effective_date: check.effectiveDate });
    }
    counts.invalid += batch.length - valid.length;
    const merged = valid.length
      ? ctx.database
          .query<CheckedRow & { changed: number }>(PRICE_MERGE_SQL_JSON, [merchantNo, file.seq, JSON.stringify(valid)])
          .then((r) => r.rows)
      : Promise.resolve([] as (CheckedRow & { changed: number })[]);
    return merged.then((rows) => {
      if (rows[0]) counts.changed += Number(rows[0].changed);
      for (let k = 0; k < rows.length; k++) {
        const r = rows[k]!;
        const v = valid[k]!;
        const cents = parseCents(v.price)!;
        const program = r.program_price === null ? null : parseCents(r.program_price);
        const difference = program === null ? '' : centsToText(cents - program);
        let message: string;
        if (r.verdict === PriceVerdict.Ok) {
          counts.ok++;
          message = say({ code: program === null ? RowMessageCode.AcceptedNoProgramPrice : RowMessageCode.Accepted });
        } else if (r.verdict === PriceVerdict.AbovePrice) {
          counts.above++;
          message = say({ code: RowMessageCode.AboveProgramPrice, values: { difference } });
        } else {
          counts.unknown++;
          message = say({ code: RowMessageCode.UnknownPart });
        }
        results[r.o] = [v.part_no, r.description ?? '', v.price, r.program_price ?? '', difference, r.verdict, message];
      }
      return stringify(results.map((r) => r.map(safeCell)));
    });
  };

  const pending: { rows: number; csv: Promise<string> }[] = [];
  const settle = async () => {
    const next = pending.shift()!;
    chunks.push(await next.csv);
    done += next.rows;
    if (Date.now() - reported >= PROGRESS_EVERY_MS) {
      reported = Date.now();
      await progress(done, total);
    }
  };
  try {
    const batchSize = batchSizeFor(ctx);
    for await (const batch of csvBatches(file.content, { required: PRICE_FILE_COLUMNS.required, batchSize })) {
      read += batch.length;
      const csv = startBatch(batch);
      // Handled when settled in order; without this a failing merge behind another would be unhandled.
      csv.catch(() => {});
      pending.push({ rows: batch.length, csv });
      if (pending.length >= inFlight(ctx)) await settle();
    }
    while (pending.length) await settle();
  } catch (err) {
    // Let merges in flight end before the job is handed back, so a retry does not race them.
    await Promise.allSettled(pending.map((p) => p.csv));
    if (err instanceof CsvFileError) return outcomeFailed(2, err.fileMessage);
    throw err;
  }
  await progress(done, total);
  if (read === 0) return outcomeFailed(3, { code: FileMessageCode.NoRows, values: {} });
  log.debug({ seq: file.seq, counts }, 'price file processed');
  const summary = {
    accepted: counts.ok,
    total: done,
    changed: counts.changed,
    above: counts.above,
    unknown: counts.unknown,
    invalid: counts.invalid,
  };
  const unitStatus = counts.ok === 0 ? 1 : counts.changed === 0 ? 2 : 0;
  const message = priceMessage(
    unitStatus === 1
      ? FileMessageCode.PriceNoneAccepted
      : unitStatus === 2
        ? FileMessageCode.PriceNothingNew
        : FileMessageCode.PriceApplied,
    summary,
  );
  const base = file.fileName.replace(/\.csv$/i, '');
  return { unitStatus, osReturnCode: 0, message, result: Buffer.from(chunks.join('')), resultName: `${base}-result.csv` };
}

export const priceFileJob = defineFileJob('price', processPriceFile);
