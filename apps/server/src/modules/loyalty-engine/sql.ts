import { sql, type SQL } from 'drizzle-orm';
import { CLOSED_STATUSES, EnrolmentStatus } from '@fc/contract/loyalty';

/**
 * The rebate engine in SQL: fragments that compute the figures (LOY-34, LOY-35) set-based, for any
 * number of enrolments, with the same rules as the pure functions of @fc/contract/loyalty (a test runs
 * both on the same data). The spend itself is materialised in loyalty_enrolments.current_spend by the
 * triggers of src/db/sql/loyalty-engine.sql; these fragments add the milestones, the status and the payout.
 */

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** `(... )` of the closed statuses, as SQL parameters. */
export const closedStatusesSql = () => sql`(${list(CLOSED_STATUSES)})`;

/** Whether transaction `t` (alias) counts for template `p` (alias) by its item code: the bundle rule. */
export function itemQualifiesSql(p: string, t: string): SQL {
  const P = sql.raw(p);
  const T = sql.raw(t);
  return sql`(${P}.bundle_seq is null or ${P}.bundle_type is null
    or (${P}.bundle_type = 'Include') = exists (
      select 1 from loyalty_item_codes ic where ic.bundle_seq = ${P}.bundle_seq and ic.item_code = ${T}.item_code))`;
}

/** Whether transaction `t` counts for enrolment `e` of template `p`: its window, its currency, its bundle rule. */
export function transactionQualifiesSql(e: string, p: string, t: string): SQL {
  const [E, P, T] = [e, p, t].map((x) => sql.raw(x)) as [SQL, SQL, SQL];
  return sql`(${T}.cust_no = ${E}.cust_no
    and ${T}.trx_date between ${E}.start_date and ${E}.end_date
    and ${T}.currency = ${P}.currency_config
    and ${itemQualifiesSql(p, t)})`;
}

/**
 * The milestones an enrolment `e` (alias) is computed with: the template's while it is open, the terms
 * kept when it closed (closed_terms, docs/decisions/0072) afterwards, so editing a template whose
 * enrolments are all closed does not rewrite their history. Columns milestone_no, amount, rate, cap.
 */
export function milestonesOfSql(e: string): SQL {
  const E = sql.raw(e);
  return sql`
    select m.milestone_no, m.amount, m.rate, m.cap from loyalty_milestones m
     where ${E}.closed_terms is null and m.loyalty_program_seq = ${E}.loyalty_program_seq
    union all
    select j.number, j.amount, j.rate, j.cap
      from jsonb_to_recordset(${E}.closed_terms -> 'milestones') as j(number int, amount numeric(14, 2), rate numeric(7, 6), cap numeric(14, 2))`;
}

/** The currency (currency_config) an enrolment `e` of template `p` counts in: the kept one once closed. */
export const enrolmentCurrencySql = (e: string, p: string): SQL =>
  sql`coalesce((${sql.raw(e)}.closed_terms ->> 'currency')::smallint, ${sql.raw(p)}.currency_config)`;

/**
 * The status a reader sees on `asOf`: a closed status as stored, else by the dates — never Enrolled after
 * the end date, even before the daily job has moved the stored status on.
 */
export function effectiveStatusSql(e: string, asOf: string): SQL {
  const E = sql.raw(e);
  return sql`(case
    when ${E}.status in ${closedStatusesSql()} then ${E}.status
    when ${asOf}::date < ${E}.start_date then ${EnrolmentStatus.PreEnrolled}
    when ${asOf}::date <= ${E}.end_date then ${EnrolmentStatus.Enrolled}
    else ${EnrolmentStatus.PendingReconciliation} end)`;
}

/**
 * One row per enrolment with every computed column, named as the enrolment list sends them
 * (cust_loyalty_program_seq, current_spend, next_milestone_amount, spend_progression, ...). Use it as a
 * subquery: `select ... from (${enrolmentFiguresSql(asOf)}) f ... order by f.current_spend limit 25` —
 * the planner flattens it, so ordering by current_spend reads the spend index and computes the
 * milestones of the 25 rows of the page only. `where` narrows the enrolments (alias `e`).
 *
 * Numerics come back as text (exact); dates as YYYY-MM-DD text.
 */
export function enrolmentFiguresSql(asOf: string, where?: SQL): SQL {
  return sql`
    select x.*,
      case
        when x.loyalty_program_status = ${EnrolmentStatus.Unenrolled} then 0::numeric
        when x.stored_status in ${closedStatusesSql()} then coalesce(x.final_payout, x.live_payout)
        else x.live_payout end as total_payout,
      case
        when x.loyalty_program_status = ${EnrolmentStatus.Completed} then coalesce(x.final_payout, x.live_payout)
        when x.stored_status in ${closedStatusesSql()} then 0::numeric
        else x.live_payout end as available_credit
    from (
      select
        e.cust_loyalty_program_seq, e.cust_no, e.loyalty_program_seq,
        e.start_date::text as start_date, e.end_date::text as end_date,
        e.status as stored_status,
        ${effectiveStatusSql('e', asOf)} as loyalty_program_status,
        e.current_spend,
        ms.cur_no as current_milestone_no,
        ms.cur_amount as current_milestone_amount,
        -- An Unenrolled or Not Reconciled enrolment earns at no rate (decision 0345): no current rate or cap.
        case when e.status in (${EnrolmentStatus.Unenrolled}, ${EnrolmentStatus.NotReconciled}) then null else ms.cur_rate end
          as current_milestone_rate,
        case when e.status in (${EnrolmentStatus.Unenrolled}, ${EnrolmentStatus.NotReconciled}) then null else ms.cur_cap end
          as current_milestone_cap,
        ms.next_amount as next_milestone_amount,
        coalesce(ms.largest, 0) as largest_milestone_amount,
        case when ms.largest > 0
          then least(100::numeric, greatest(0::numeric, round(e.current_spend * 100 / ms.largest, 2)))
          else 0::numeric end as spend_progression,
        case
          when ms.cur_no is null then 0::numeric
          when ms.cur_rate is not null then round(e.current_spend * ms.cur_rate, 2)
          else coalesce(ms.cur_cap, 0) end as live_payout,
        e.final_spend, e.final_payout,
        ${enrolmentCurrencySql('e', 'p')} as currency,
        p.name as loyalty_program_name
      from loyalty_enrolments e
      join loyalty_programs p on p.loyalty_program_seq = e.loyalty_program_seq
      -- One pass over the enrolment's few milestones: the current one (highest amount at most the spend,
      -- ties to the higher number), the next amount and the largest. One lateral plans far faster than
      -- three, which matters for a page of 25 rows.
      left join lateral (
        select
          max(m.amount) as largest,
          min(m.amount) filter (where m.amount > e.current_spend) as next_amount,
          (array_agg(m.milestone_no order by m.amount desc, m.milestone_no desc) filter (where m.amount <= e.current_spend))[1] as cur_no,
          (array_agg(m.amount order by m.amount desc, m.milestone_no desc) filter (where m.amount <= e.current_spend))[1] as cur_amount,
          (array_agg(m.rate order by m.amount desc, m.milestone_no desc) filter (where m.amount <= e.current_spend))[1] as cur_rate,
          (array_agg(m.cap order by m.amount desc, m.milestone_no desc) filter (where m.amount <= e.current_spend))[1] as cur_cap
        from (${milestonesOfSql('e')}) m) ms on true
      ${where ? sql`where ${where}` : sql``}
    ) x`;
}

/**
 * The enrolment columns that need no milestone, named as in enrolmentFiguresSql (cust_loyalty_program_seq,
 * cust_no, loyalty_program_seq, start_date, end_date, loyalty_program_status, current_spend, currency): a
 * list filters, counts and orders on these, then computes the figures of its page's rows only.
 */
export function enrolmentBaseSql(asOf: string, where?: SQL): SQL {
  return sql`
    select e.cust_loyalty_program_seq, e.cust_no, e.loyalty_program_seq, e.start_date, e.end_date,
      ${effectiveStatusSql('e', asOf)} as loyalty_program_status, e.current_spend,
      -- A subquery, not a join: a count or a sort that does not read the currency never looks it up.
      coalesce((e.closed_terms ->> 'currency')::smallint,
        (select ep.currency_config from loyalty_programs ep where ep.loyalty_program_seq = e.loyalty_program_seq)) as currency
    from loyalty_enrolments e
    ${where ? sql`where ${where}` : sql``}`;
}

/**
 * One row per template with its figures (docs/decisions/0009-loyalty-engine.md):
 * milestone_count, largest_milestone_amount, total_program_spending, total_payout, active_enrollees,
 * template_goal_spend. `where` narrows the templates (alias `lp`). The total payout is the sum of its
 * enrolments' available_credit of enrolmentFiguresSql (decision 0345), with only the lookup it needs: the current milestone of an enrolment whose payout is not
 * fixed yet (a closed one has its final payout).
 */
export function templateFiguresSql(asOf: string, where?: SQL): SQL {
  const fixed = sql`(e.status in ${closedStatusesSql()} and e.final_payout is not null)`;
  return sql`
    select lp.loyalty_program_seq,
      coalesce(ms.milestone_count, 0) as milestone_count,
      coalesce(ms.largest, 0) as largest_milestone_amount,
      coalesce(agg.total_program_spending, 0) as total_program_spending,
      coalesce(agg.total_payout, 0) as total_payout,
      coalesce(agg.active_enrollees, 0) as active_enrollees,
      coalesce(ms.largest, 0) * coalesce(agg.active_enrollees, 0) as template_goal_spend
    from loyalty_programs lp
    left join lateral (
      select count(*)::int as milestone_count, max(m.amount) as largest
        from loyalty_milestones m where m.loyalty_program_seq = lp.loyalty_program_seq) ms on true
    left join lateral (
      select
        sum(x.current_spend) filter (where x.loyalty_program_status <> ${EnrolmentStatus.Unenrolled}) as total_program_spending,
        sum(x.payout) as total_payout,
        (count(*) filter (where x.loyalty_program_status in (${EnrolmentStatus.PreEnrolled}, ${EnrolmentStatus.Enrolled})))::int as active_enrollees
      from (
        select e.current_spend, ${effectiveStatusSql('e', asOf)} as loyalty_program_status,
          -- What each row's available credit counts (decision 0345): Unenrolled (forfeited) and Not
          -- Reconciled (on hold) count 0, BC Completed its final payout (0), the others their payout.
          case
            when e.status in (${EnrolmentStatus.Unenrolled}, ${EnrolmentStatus.NotReconciled}) then 0::numeric
            when ${fixed} then e.final_payout
            else coalesce(cur.payout, 0::numeric) end as payout
        from loyalty_enrolments e
        -- The template's milestones as spend ranges [amount, next amount): an open enrolment falls in at
        -- most one (ties of amount go to the higher number, whose range is the non-empty one). A join
        -- with three rows, where a lookup per enrolment would sort per enrolment, and this sums them all.
        left join (
          select m.amount, m.rate, m.cap, lead(m.amount) over (order by m.amount, m.milestone_no) as next_amount
            from loyalty_milestones m where m.loyalty_program_seq = lp.loyalty_program_seq) r
          on e.closed_terms is null and e.current_spend >= r.amount and (r.next_amount is null or e.current_spend < r.next_amount)
        -- Kept milestones count only for a closed enrolment without a final payout (never written so by the
        -- engine, which fixes both together): the same payout as enrolmentFiguresSql in every state.
        left join lateral (
          select j.amount, j.rate, j.cap
            from jsonb_to_recordset(e.closed_terms -> 'milestones') as j(number int, amount numeric(14, 2), rate numeric(7, 6), cap numeric(14, 2))
           where e.closed_terms is not null and not ${fixed} and j.amount <= e.current_spend
           order by j.amount desc, j.number desc limit 1) kept_cur on true
        -- At most one of the two finds a milestone.
        cross join lateral (
          select case
            when coalesce(r.amount, kept_cur.amount) is null then 0::numeric
            when coalesce(r.rate, kept_cur.rate) is not null then round(e.current_spend * coalesce(r.rate, kept_cur.rate), 2)
            else coalesce(r.cap, kept_cur.cap, 0) end as payout) cur
        where e.loyalty_program_seq = lp.loyalty_program_seq) x) agg on true
    ${where ? sql`where ${where}` : sql``}`;
}

/** Recounts the materialised spend of the given enrolments (all open ones when omitted). */
export function refreshSpendSql(seqs?: readonly number[]): SQL {
  if (seqs) return sql`select loyalty_refresh_spend(${`{${seqs.join(',')}}`}::bigint[])`;
  return sql`select loyalty_refresh_spend(array(select cust_loyalty_program_seq from loyalty_enrolments where status not in ${closedStatusesSql()}))`;
}
