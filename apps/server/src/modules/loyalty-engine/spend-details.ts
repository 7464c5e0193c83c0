import { sql, type SQL } from 'drizzle-orm';
import { BREAKDOWN_REASONS, type BreakdownReason, type BreakdownRow } from '@fc/contract/loyalty';
import type { Tx } from '../../db/client';
import { transactionQualifiesSql } from './sql';
import { rows } from './repo';

export interface SpendDetailRow {
  id: number;
  trxDate: string;
  invoice: string;
  itemCode: string;
  description: string | null;
  amount: string;
  currency: number;
}

const QUALIFYING: readonly BreakdownReason[] = ['in-bundle', 'all-codes', 'not-in-exclude-bundle'];
const qualifyingList = () =>
  sql.join(
    QUALIFYING.map((r) => sql`${r}`),
    sql`, `,
  );

/**
 * The bundle rule (bundle_seq, bundle_type) enrolment `e` of template `p` counts with: the one kept when it
 * closed, else the template's. One row, for a lateral join.
 */
export function bundleRuleSql(e: string, p: string): SQL {
  const [E, P] = [e, p].map((x) => sql.raw(x)) as [SQL, SQL];
  return sql`select
      case when ${E}.closed_terms is null then ${P}.bundle_seq else (${E}.closed_terms ->> 'bundleSeq')::bigint end as bundle_seq,
      case when ${E}.closed_terms is null then ${P}.bundle_type else ${E}.closed_terms ->> 'bundleType' end as bundle_type`;
}

/**
 * Why a purchase `t` counts or not under template `p`, with `ic` its row in the template's bundle (if any):
 * a breakdown reason of @fc/contract/loyalty.
 */
const reasonSql = sql`case
    when t.currency <> p.currency_config then 'other-currency'
    when p.bundle_seq is null or p.bundle_type is null then 'all-codes'
    when p.bundle_type = 'Include' and ic.item_code is not null then 'in-bundle'
    when p.bundle_type = 'Include' then 'not-in-include-bundle'
    when ic.item_code is not null then 'in-exclude-bundle'
    else 'not-in-exclude-bundle' end`;

/** A code outside the programme's bundle is still described by any bundle that lists it. */
const anyDescriptionSql = (itemCode: SQL) =>
  sql`select a.description from loyalty_item_codes a
       where a.item_code = ${itemCode} and a.description is not null order by a.item_code_seq limit 1`;

/** Whether the enrolment's figures are the ones kept when it closed (its terms and counted purchases). */
async function isFrozen(db: Tx, seq: number): Promise<boolean> {
  const [row] = await rows<{ frozen: boolean }>(
    db,
    sql`select closed_terms is not null as frozen from loyalty_enrolments where cust_loyalty_program_seq = ${seq}`,
  );
  return row?.frozen === true;
}

/**
 * The qualifying transactions of one enrolment, oldest first, read in batches (keyset on date and id) so
 * an export of any size holds one batch in memory. A closed enrolment lists what it counted when it
 * closed: purchases of its window up to the last transaction then loaded, of the item codes and currencies
 * that counted (loyalty_closed_spend), whatever happened to the template or its bundle since.
 */
export async function* spendDetails(db: Tx, seq: number, batchSize = 2_000): AsyncGenerator<SpendDetailRow> {
  const frozen = await isFrozen(db, seq);
  const description = frozen ? sql`s.bundle_description` : sql`ic.description`;
  const counted: SQL = frozen
    ? sql`join loyalty_closed_spend s on s.cust_loyalty_program_seq = e.cust_loyalty_program_seq and s.reason in (${qualifyingList()})
          join transactions t on t.cust_no = e.cust_no and t.trx_date between e.start_date and e.end_date
           and t.id <= e.counted_through_trx_id and t.item_code = s.item_code and t.currency = s.currency`
    : sql`join transactions t on ${transactionQualifiesSql('e', 'p', 't')}
          left join loyalty_item_codes ic on ic.bundle_seq = p.bundle_seq and ic.item_code = t.item_code`;
  let after: { date: string; id: number } | null = null;
  for (;;) {
    const cursor: SQL = after ? sql`and (t.trx_date, t.id) > (${after.date}::date, ${after.id})` : sql``;
    const batch = await rows<{
      id: number | string;
      trx_date: string;
      invoice: string;
      item_code: string;
      description: string | null;
      amount: string;
      currency: number;
    }>(
      db,
      sql`
        select t.id, t.trx_date::text as trx_date, t.invoice, t.item_code, ${description} as description,
               t.amount::text as amount, t.currency
          from loyalty_enrolments e
          join loyalty_programs p on p.loyalty_program_seq = e.loyalty_program_seq
          ${counted}
         where e.cust_loyalty_program_seq = ${seq} ${cursor}
         order by t.trx_date, t.id
         limit ${batchSize}`,
    );
    for (const r of batch) {
      yield {
        id: Number(r.id),
        trxDate: r.trx_date,
        invoice: r.invoice,
        itemCode: r.item_code,
        description: r.description,
        amount: r.amount,
        currency: r.currency,
      };
    }
    if (batch.length < batchSize) return;
    const last = batch[batch.length - 1]!;
    after = { date: last.trx_date, id: Number(last.id) };
  }
}

/**
 * The purchases of an enrolment's window by item code and why each counts or not: computed from the
 * transactions while it is open, read from what it counted when it closed (loyalty_closed_spend) after.
 */
export async function breakdown(db: Tx, seq: number): Promise<BreakdownRow[]> {
  const grouped: SQL = (await isFrozen(db, seq))
    ? sql`select s.item_code, s.currency, s.reason, s.description, s.purchases, s.amount as total
            from loyalty_closed_spend s where s.cust_loyalty_program_seq = ${seq}`
    : sql`select g.item_code, g.currency, g.reason, coalesce(g.bundle_description, (${anyDescriptionSql(sql`g.item_code`)})) as description,
            g.purchases, g.total
          from (
            select t.item_code, t.currency, ${reasonSql} as reason,
              max(ic.description) as bundle_description,
              count(*)::int as purchases,
              sum(t.amount) as total
            from loyalty_enrolments e
            join loyalty_programs p on p.loyalty_program_seq = e.loyalty_program_seq
            join transactions t on t.cust_no = e.cust_no and t.trx_date between e.start_date and e.end_date
            left join loyalty_item_codes ic on ic.bundle_seq = p.bundle_seq and ic.item_code = t.item_code
            where e.cust_loyalty_program_seq = ${seq}
            group by t.item_code, t.currency, 3) g`;
  const found = await rows<{
    item_code: string;
    description: string | null;
    reason: string;
    currency: number;
    purchases: number;
    total: string;
  }>(
    db,
    sql`
      select g.* from (${grouped}) g
      order by g.reason in (${qualifyingList()}) desc, g.total desc, g.item_code`,
  );
  return found.map((r) => {
    const reason = (BREAKDOWN_REASONS as readonly string[]).includes(r.reason) ? (r.reason as BreakdownReason) : 'other-currency';
    return {
      itemCode: r.item_code,
      description: r.description,
      qualifying: QUALIFYING.includes(reason),
      reason,
      currency: r.currency,
      purchases: Number(r.purchases),
      amount: Number(r.total),
    };
  });
}

/**
 * Keeps what enrolments that are about to close counted (docs/decisions/0072), in the closing
 * transaction: their purchases grouped by item code, currency and reason (loyalty_closed_spend), the last
 * transaction id counted, and the template's terms (milestones, currency, bundle rule) in closed_terms.
 * Their spend is set to the qualifying sum of those groups, a recount from the transactions, so the final
 * spend, the breakdown and the export agree by construction.
 */
export async function freezeEnrolments(tx: Tx, seqs: readonly number[]): Promise<void> {
  if (seqs.length === 0) return;
  const ids = sql`${`{${seqs.join(',')}}`}::bigint[]`;
  // One statement: the groups and the cut-off id are read from the same snapshot of transactions.
  const [cut] = await rows<{ cutoff: string }>(
    tx,
    sql`
      with cut as (select coalesce(max(id), 0) as cutoff from transactions),
      kept as (
        insert into loyalty_closed_spend
          (cust_loyalty_program_seq, item_code, currency, reason, purchases, amount, bundle_description, description)
        select e.cust_loyalty_program_seq, t.item_code, t.currency, ${reasonSql}, count(*)::int, sum(t.amount),
               max(ic.description), coalesce(max(ic.description), (${anyDescriptionSql(sql`t.item_code`)}))
          from loyalty_enrolments e
          join loyalty_programs p on p.loyalty_program_seq = e.loyalty_program_seq
          join transactions t on t.cust_no = e.cust_no and t.trx_date between e.start_date and e.end_date
          left join loyalty_item_codes ic on ic.bundle_seq = p.bundle_seq and ic.item_code = t.item_code
         where e.cust_loyalty_program_seq = any (${ids}) and e.closed_terms is null
         group by 1, 2, 3, 4
        on conflict do nothing)
      select cutoff::text as cutoff from cut`,
  );
  await tx.execute(sql`
    update loyalty_enrolments e
       set closed_terms = jsonb_build_object(
             'currency', p.currency_config,
             'bundleSeq', p.bundle_seq,
             'bundleType', case when p.bundle_seq is null then null else p.bundle_type end,
             'milestones', coalesce((
               select jsonb_agg(jsonb_build_object('number', m.milestone_no, 'amount', m.amount, 'rate', m.rate, 'cap', m.cap)
                                order by m.amount, m.milestone_no)
                 from loyalty_milestones m where m.loyalty_program_seq = p.loyalty_program_seq), '[]'::jsonb)),
           counted_through_trx_id = ${cut!.cutoff}::bigint,
           current_spend = coalesce((
             select sum(s.amount) from loyalty_closed_spend s
              where s.cust_loyalty_program_seq = e.cust_loyalty_program_seq and s.reason in (${qualifyingList()})), 0)
      from loyalty_programs p
     where p.loyalty_program_seq = e.loyalty_program_seq and e.cust_loyalty_program_seq = any (${ids}) and e.closed_terms is null`);
}
