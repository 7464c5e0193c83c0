import { sql } from 'drizzle-orm';
import { ITEM_CODE_LENGTH, normaliseItemCode, type EnrolmentStatus as Status, todayIso } from '@fc/contract/loyalty';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/execute';

/**
 * Purchases stored before item codes had one form ("8" where the bundle holds "00008"): rewritten with
 * normaliseItemCode, the function every writer uses (docs/decisions/0340). The update trigger of
 * transactions recounts the open enrolments of the customers concerned; closed enrolments keep what they
 * closed with (decision 0072). Run by the daily lifecycle (and an operator's forced run) before its recount;
 * answers how many purchases changed.
 */
export async function normaliseStoredItemCodes(tx: Tx): Promise<number> {
  const found = await rows<{ item_code: string }>(
    tx,
    sql`select distinct item_code from transactions
         where length(item_code) < ${ITEM_CODE_LENGTH} or item_code <> upper(btrim(item_code))`,
  );
  const changes = found.map((r) => ({ from: r.item_code, to: normaliseItemCode(r.item_code) })).filter((c) => c.from !== c.to);
  if (changes.length === 0) return 0;
  const updated = await rows<{ n: number }>(
    tx,
    sql`with c as (select * from json_to_recordset(${JSON.stringify(changes)}::json) as c("from" text, "to" text)),
             u as (update transactions t set item_code = c."to" from c where t.item_code = c."from" returning 1)
        select count(*)::int as n from u`,
  );
  return Number(updated[0]?.n ?? 0);
}

/** The rows of db.execute on either driver. */
export const rows = rowsOf;

/** A numeric or bigint column (text on node-postgres) as a number; null stays null. */
export const toNumber = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const num = (v: unknown) => toNumber(v) ?? 0;

/** The server's calendar day (YYYY-MM-DD, local time): the day every figure is computed for. */
export function today(now = new Date()): string {
  return todayIso(now);
}

/** One row of enrolmentFiguresSql, typed as it comes back (numerics as text). */
export interface EnrolmentFiguresRow {
  cust_loyalty_program_seq: number | string;
  cust_no: number;
  loyalty_program_seq: number;
  start_date: string;
  end_date: string;
  stored_status: string;
  loyalty_program_status: Status;
  current_spend: string;
  current_milestone_no: number | null;
  current_milestone_amount: string | null;
  current_milestone_rate: string | null;
  current_milestone_cap: string | null;
  next_milestone_amount: string | null;
  largest_milestone_amount: string;
  spend_progression: string;
  live_payout: string;
  total_payout: string;
  available_credit: string;
  final_spend: string | null;
  final_payout: string | null;
  currency: number;
  loyalty_program_name: string;
}

/** The computed columns of a figures row as numbers, named as the enrolment list sends them. */
export function enrolmentFigures(r: EnrolmentFiguresRow) {
  return {
    custLoyaltyProgramSeq: num(r.cust_loyalty_program_seq),
    custNo: r.cust_no,
    loyaltyProgramSeq: num(r.loyalty_program_seq),
    startDate: r.start_date,
    endDate: r.end_date,
    loyaltyProgramStatus: r.loyalty_program_status,
    currentSpend: num(r.current_spend),
    currentMilestoneNo: toNumber(r.current_milestone_no),
    currentMilestoneRate: toNumber(r.current_milestone_rate),
    currentMilestoneCap: toNumber(r.current_milestone_cap),
    nextMilestoneAmount: toNumber(r.next_milestone_amount),
    spendProgression: num(r.spend_progression),
    totalPayout: num(r.total_payout),
    availableCredit: num(r.available_credit),
    finalSpend: toNumber(r.final_spend),
    finalPayout: toNumber(r.final_payout),
    currency: r.currency,
  };
}
