import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { languageFromCode } from '@fc/contract';
import { FileMessageCode, PriceVerdict, type FileMessage } from '@fc/contract/files';
import type { AppContext } from '../../context';
import { filePacer, type FilePacer } from '../../jobs/foreground';
import { batchSizeFor, CsvFileError, defineFileJob, priceMessage, type FileOutcome, type InboundFile } from '../inbound-files/index';
import { joinJsonArrays, type CheckedBatch, type PriceCounts } from './price-check';
import { inlineChecking, workerChecking } from './price-checking';

/**
 * The merge of one batch of valid rows: each row is checked against the catalogue and the programme's
 * guaranteed price, the accepted ones are upserted as the dealer's prices, and every row comes back with
 * its verdict, in one JSON array (MergedRow) in the order of `o`: a single value for the job to carry,
 * not a row object each. A price already held is not rewritten, so `changed` counts real changes, plus
 * rows that this very file wrote in an earlier run (a re-run after a crash still reports them as applied).
 * The benchmark runs the same statement after a `\copy` into a staging table.
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
select coalesce(json_agg(json_build_array(c.o, c.description, c.program_price::text, c.verdict) order by c.o), '[]')::text as rows,
       (select count(*) from upserted)::int as changed
  from checked c`;
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
 * Merges in flight at once: on PostgreSQL two, so that the server merges one batch while the job hands it
 * the next, unless requests are being served (two merges would take both CPUs of a small server from them);
 * PGlite runs one statement at a time (on its own thread, decision 0998), so a second one would only make the
 * other requests wait longer behind the import.
 */
const inFlight = (ctx: AppContext, pace: FilePacer) => (ctx.database.kind === 'pglite' || pace.busy() ? 1 : 2);
const PROGRESS_EVERY_MS = 250;
/** Batches the worker may check before their merges have answered: enough to keep two merges fed. */
const WORKER_AHEAD = 3;

/**
 * A price file (FILE-07): header part_no, price and optional effective_date; each row is
 * checked and merged in batches (`batchSizeFor`), and a result CSV with a verdict per row is written. The file
 * as a whole fails (price status 13) when it cannot be read as CSV, lacks the header or has no row. A file
 * of PRICE_WORKER_MIN_ROWS rows or more is parsed, checked and written in a worker thread; the merges are
 * this thread's. Between batches the job paces itself around the portal's requests (jobs/foreground.ts).
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
  const rowCount = Number(params.rowCount ?? 0);
  const total = rowCount > 1 ? rowCount - 1 : undefined;
  const batchSize = batchSizeFor(ctx);
  const checking =
    rowCount >= ctx.config.PRICE_WORKER_MIN_ROWS
      ? workerChecking(file.content, lang, batchSize, WORKER_AHEAD)
      : inlineChecking(file.content, lang, batchSize);
  const pace = filePacer(ctx);
  let changed = 0;
  let read = 0;
  let done = 0;
  let reported = 0;

  const mergeSlices = async (slices: readonly string[]) => {
    const { rows } = await ctx.database.query<{ rows: string; changed: number }>(PRICE_MERGE_SQL_JSON, [
      merchantNo,
      file.seq,
      joinJsonArrays(slices),
    ]);
    changed += Number(rows[0]!.changed);
    return rows[0]!.rows;
  };
  const merge = async (batch: CheckedBatch) => {
    const answers: string[] = [];
    if (!batch.validCount) answers.push('[]');
    // While requests are served, one short statement at a time with a pause after each: a request that
    // meets the import then waits behind 250 rows' merge, not 2,000 (decision 0116).
    else if (pace.busy()) {
      for (const slice of batch.valid) {
        answers.push(await mergeSlices([slice]));
        await pace();
      }
    } else {
      answers.push(await mergeSlices(batch.valid));
      await pace();
    }
    checking.merged(batch.id, joinJsonArrays(answers));
  };
  const pending: { rows: number; merged: Promise<void> }[] = [];
  const settle = async () => {
    const next = pending.shift()!;
    await next.merged;
    done += next.rows;
    if (Date.now() - reported >= PROGRESS_EVERY_MS) {
      reported = Date.now();
      await progress(done, total);
    }
    // A turn of the event loop between batches: batches the worker has already checked are at hand, and a
    // PGlite opened in process answers a merge without any I/O, so the whole file could run as one task.
    await yieldToLoop();
  };
  let outcome: { result: Buffer; counts: PriceCounts };
  try {
    for await (const batch of checking.batches) {
      read += batch.rows;
      const merged = merge(batch);
      // Handled when settled in order; without this a failing merge behind another would be unhandled.
      merged.catch(() => {});
      pending.push({ rows: batch.rows, merged });
      if (pending.length >= inFlight(ctx, pace)) await settle();
    }
    while (pending.length) await settle();
    outcome = await checking.finish();
  } catch (err) {
    // Let merges in flight end before the job is handed back, so a retry does not race them.
    await Promise.allSettled(pending.map((p) => p.merged));
    if (err instanceof CsvFileError) return outcomeFailed(2, err.fileMessage);
    throw err;
  } finally {
    await checking.close();
  }
  await progress(done, total);
  if (read === 0) return outcomeFailed(3, { code: FileMessageCode.NoRows, values: {} });
  const { counts } = outcome;
  log.debug({ seq: file.seq, counts, changed }, 'price file processed');
  const summary = {
    accepted: counts.ok,
    total: done,
    changed,
    above: counts.above,
    unknown: counts.unknown,
    invalid: counts.invalid,
  };
  const unitStatus = counts.ok === 0 ? 1 : changed === 0 ? 2 : 0;
  const message = priceMessage(
    unitStatus === 1
      ? FileMessageCode.PriceNoneAccepted
      : unitStatus === 2
        ? FileMessageCode.PriceNothingNew
        : FileMessageCode.PriceApplied,
    summary,
  );
  const base = file.fileName.replace(/\.csv$/i, '');
  return { unitStatus, osReturnCode: 0, message, result: outcome.result, resultName: `${base}-result.csv` };
}

export const priceFileJob = defineFileJob('price', processPriceFile);
