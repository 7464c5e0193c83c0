import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  centsToText,
  checkTransactionRow,
  FileMessageCode,
  REJECTS_LISTED,
  RowMessageCode,
  TRANSACTION_FILE_COLUMNS,
  type RowMessage,
} from '@fc/contract/files';
import type { AppContext } from '../../context';
import { filePacer } from '../../jobs/foreground';
import { batchSizeFor, csvBatches, CsvFileError, defineFileJob, type FileOutcome, type InboundFile } from '../inbound-files/index';

/**
 * One batch of purchases: rows of unknown customers come back as rejected, and so do reversals of an invoice
 * the customer does not have (held, or a purchase of this batch; decision 0301); a purchase already held
 * (same customer, invoice and item code) is not added again. Rows that this file added in an earlier
 * run (a re-run after a crash) count as added. An advisory lock serialises concurrent transaction
 * files, which would otherwise both see a purchase as new.
 */
const mergeSql = (seq: number, json: string) => sql`with input as (
  select * from json_to_recordset(${json}::json) as i(o int, cust_no int, trx_date date, invoice text, item_code text, amount numeric, currency smallint, reverses text)
),
known as (
  select i.*, exists (select 1 from customers c where c.cust_no = i.cust_no) as known,
         -- 0: held by a purchase loaded without a file (the seed, or stored before files were recorded).
         (select coalesce(t.source_file_seq, 0) from transactions t
           where t.cust_no = i.cust_no and t.invoice = i.invoice
             -- A purchase stored before item codes were padded ("8" for "00008", decision 0340) is the same.
             and (t.item_code = i.item_code or (length(t.item_code) < 5 and lpad(t.item_code, 5, '0') = i.item_code))
           limit 1) as held_by,
         (i.reverses is null
           or exists (select 1 from transactions t where t.cust_no = i.cust_no and t.invoice = i.reverses and t.amount > 0)
           or exists (select 1 from input j where j.cust_no = i.cust_no and j.invoice = i.reverses and j.amount > 0)) as reversal_ok
    from input i
),
added as (
  insert into transactions (cust_no, trx_date, invoice, item_code, amount, currency, source_file_seq)
  select cust_no, trx_date, invoice, item_code, amount, currency, ${seq}::int from known where known and held_by is null and reversal_ok
  returning 1
)
select (select count(*) from added)::int as added,
       (select count(*) from known where known and held_by = ${seq}::int)::int as mine,
       (select count(*) from known where known and held_by is not null and held_by <> ${seq}::int)::int as held,
       coalesce((select json_agg(o order by o) from known where not known), '[]'::json) as unknown,
       coalesce((select json_agg(o order by o) from known where known and held_by is null and not reversal_ok), '[]'::json) as unreversed`;

const LOCK_KEY = 727_275;

export async function processTransactionFile(
  ctx: AppContext,
  file: InboundFile,
  progress: (done: number, total?: number) => Promise<void>,
  log: FastifyBaseLogger,
): Promise<FileOutcome> {
  const rowCount = Number((file.params as { rowCount?: number } | null)?.rowCount ?? 0);
  const total = rowCount > 1 ? rowCount - 1 : undefined;
  const firstLine = new Map<string, number>();
  const rejects: RowMessage[] = [];
  const reject = (m: RowMessage) => {
    counts.rejected++;
    if (rejects.length < REJECTS_LISTED) rejects.push(m);
  };
  const counts = { added: 0, held: 0, rejected: 0 };
  let done = 0;
  const pace = filePacer(ctx);
  try {
    for await (const batch of csvBatches(file.content, { required: TRANSACTION_FILE_COLUMNS.required, batchSize: batchSizeFor(ctx) })) {
      const valid: {
        o: number;
        cust_no: number;
        trx_date: string;
        invoice: string;
        item_code: string;
        amount: string;
        currency: number;
        reverses: string | null;
      }[] = [];
      const lines: number[] = [];
      for (const rec of batch) {
        const check = checkTransactionRow(rec.values);
        if (!check.ok) {
          reject({ ...check.message, line: rec.line });
          continue;
        }
        const key = `${check.custNo}\u0000${check.invoice}\u0000${check.itemCode}`;
        const first = firstLine.get(key);
        if (first !== undefined) {
          reject({ code: RowMessageCode.PurchaseRepeated, values: { first }, line: rec.line });
          continue;
        }
        firstLine.set(key, rec.line);
        lines.push(rec.line);
        valid.push({
          o: valid.length,
          cust_no: check.custNo,
          trx_date: check.trxDate,
          invoice: check.invoice,
          item_code: check.itemCode,
          amount: centsToText(check.cents),
          currency: check.currency,
          reverses: check.reverses,
        });
      }
      if (valid.length) {
        const row = await ctx.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
          const res = (await tx.execute(mergeSql(file.seq, JSON.stringify(valid)))) as unknown as {
            rows: { added: number; mine: number; held: number; unknown: number[]; unreversed: number[] }[];
          };
          return res.rows[0]!;
        });
        counts.added += Number(row.added) + Number(row.mine);
        counts.held += Number(row.held);
        for (const o of row.unknown)
          reject({ code: RowMessageCode.UnknownCustomer, values: { custNo: valid[o]!.cust_no }, line: lines[o] });
        for (const o of row.unreversed)
          reject({
            code: RowMessageCode.ReversedInvoiceUnknown,
            values: { invoice: valid[o]!.reverses ?? '', custNo: valid[o]!.cust_no },
            line: lines[o],
          });
      }
      done += batch.length;
      await progress(done, total);
      await pace();
    }
  } catch (err) {
    if (err instanceof CsvFileError) return { unitStatus: 1, osReturnCode: 2, message: err.fileMessage };
    throw err;
  }
  if (done === 0) return { unitStatus: 1, osReturnCode: 3, message: { code: FileMessageCode.NoRows, values: {} } };
  log.debug({ seq: file.seq, counts }, 'transaction file processed');
  // The first rejections found, listed by line (a batch's unknown customers are known after its other rejections).
  rejects.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  const message = { code: FileMessageCode.TransactionsSummary, values: { ...counts, rejects } };
  const unitStatus = counts.added > 0 ? 0 : counts.held > 0 ? 2 : 1;
  return { unitStatus, osReturnCode: 0, message };
}

export const transactionFileJob = defineFileJob('transactions', processTransactionFile);
