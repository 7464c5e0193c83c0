import { sql } from 'drizzle-orm';
import { ENROLLED_STATUSES, type CustLoyaltyProgram, type CustMilestone, type CustProgramsFor } from '@fc/contract/loyalty';
import type { Tx } from '../../db/client';
import { enrolmentFiguresSql, milestonesOfSql } from './sql';
import { enrolmentFigures, rows, type EnrolmentFiguresRow } from './repo';
import { bundleRuleSql } from './spend-details';

interface CustProgramRow extends EnrolmentFiguresRow {
  bundle_type: 'Include' | 'Exclude' | null;
  bundle_name: string | null;
  milestones: CustMilestone[];
}

/**
 * The cards of one customer's loyalty page: active (Pre Enrolled, Enrolled; soonest end first) or history
 * (everything else; latest end first).
 */
export async function custPrograms(db: Tx, custNo: number, which: CustProgramsFor, asOf: string): Promise<CustLoyaltyProgram[]> {
  const enrolled = sql.join(
    ENROLLED_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const found = await rows<CustProgramRow>(
    db,
    sql`
      select f.*,
        case when t.bundle_seq is null then null else t.bundle_type end as bundle_type,
        b.name as bundle_name,
        coalesce((
          select json_agg(json_build_object(
                   'number', m.milestone_no::text, 'amount', m.amount::text,
                   'rate', coalesce(m.rate::text, ''), 'cap', coalesce(m.cap::text, ''))
                 order by m.amount, m.milestone_no)
            from (${milestonesOfSql('e')}) m), '[]'::json) as milestones
      from (${enrolmentFiguresSql(asOf, sql`e.cust_no = ${custNo}`)}) f
      join loyalty_enrolments e on e.cust_loyalty_program_seq = f.cust_loyalty_program_seq
      join loyalty_programs p on p.loyalty_program_seq = f.loyalty_program_seq
      -- The bundle rule the enrolment counts with: the template's, or the one kept when it closed.
      cross join lateral (${bundleRuleSql('e', 'p')}) t
      left join loyalty_bundles b on b.bundle_seq = t.bundle_seq
      where f.loyalty_program_status ${which === 'active' ? sql`in` : sql`not in`} (${enrolled})
      order by ${which === 'active' ? sql`f.end_date asc` : sql`f.end_date desc`}, f.cust_loyalty_program_seq`,
  );
  return found.map((r) => {
    const f = enrolmentFigures(r);
    return {
      custLoyaltyProgramSeq: f.custLoyaltyProgramSeq,
      loyaltyProgramSeq: f.loyaltyProgramSeq,
      loyaltyProgramName: r.loyalty_program_name,
      loyaltyProgramStatus: f.loyaltyProgramStatus,
      startDate: f.startDate,
      endDate: f.endDate,
      currentSpend: f.currentSpend,
      totalPayout: f.totalPayout,
      currency: f.currency,
      custNo: f.custNo,
      milestones: typeof r.milestones === 'string' ? (JSON.parse(r.milestones) as CustMilestone[]) : r.milestones,
      bundleType: r.bundle_type,
      bundleName: r.bundle_name,
    };
  });
}

/** The enrolment's customer, or undefined when there is no such enrolment. */
export async function enrolmentOwner(db: Tx, seq: number): Promise<{ custNo: number; programName: string } | undefined> {
  const [row] = await rows<{ cust_no: number; name: string }>(
    db,
    sql`select e.cust_no, p.name from loyalty_enrolments e join loyalty_programs p on p.loyalty_program_seq = e.loyalty_program_seq
         where e.cust_loyalty_program_seq = ${seq}`,
  );
  return row ? { custNo: row.cust_no, programName: row.name } : undefined;
}
