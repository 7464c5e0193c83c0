import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { CLOSED_STATUSES, EnrolmentStatus, type TemplateSortField, type templateListQuerySchema } from '@fc/contract/loyalty';
import type { z } from 'zod';
import type { Tx } from '../../../db/client';
import { loyaltyBundles, loyaltyMilestones, loyaltyPrograms } from '../../../db/schema/index';
import { contains } from '../../../http/list';
import { enrolmentFiguresSql, templateFiguresSql, today } from '../../loyalty-engine/index';
import { countedList, limitOffset, num, orderSql, rowsOf, type ListPage } from '../shared';

/** Programme templates and their milestones in the database (LOY-10 to LOY-16). */

type TemplateListQuery = z.output<typeof templateListQuerySchema>;

/** Statuses of enrolments whose figures are fixed; any other enrolment still depends on its template. */
const closedList = sql.join(
  CLOSED_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);
/** Enrolments that still depend on the template (not closed): while any exists, the template cannot change (ALP30). */
const openEnrolmentsSql = (p: SQL) =>
  sql`exists (select 1 from loyalty_enrolments oe where oe.loyalty_program_seq = ${p} and oe.status not in (${closedList}))`;

const statusWord = sql`case when p.status = 0 then 'Active' else 'Inactive' end`;

const SORT_COLUMNS: Record<TemplateSortField, SQL> = {
  loyalty_program_seq: sql`p.loyalty_program_seq`,
  loyalty_program_name: sql`lower(p.name)`,
  loyalty_program_status: statusWord,
  milestone_count: sql`tf.milestone_count`,
  total_program_spending: sql`tf.total_program_spending`,
  template_goal_spend: sql`tf.template_goal_spend`,
  total_payout: sql`tf.total_payout`,
  currency_config: sql`p.currency_config`,
  active_enrollees: sql`tf.active_enrollees`,
};

export interface TemplateSqlRow {
  loyalty_program_seq: number | string;
  loyalty_program_name: string;
  loyalty_program_status: string;
  milestone_count: number | string;
  total_program_spending: string;
  template_goal_spend: string;
  total_payout: string;
  currency_config: number;
  active_enrollees: number | string;
  edit_allowed: 'Y' | 'N';
}

/** Sort fields of the template list that need no figures: its page is chosen before any figure is computed. */
const BASE_SORTS: ReadonlySet<TemplateSortField> = new Set<TemplateSortField>([
  'loyalty_program_seq',
  'loyalty_program_name',
  'loyalty_program_status',
  'currency_config',
]);

/**
 * The template list. Its figures sum every enrolment of a template, so they are computed for the page's
 * templates only when the sort needs none of them (the default, by name); sorted by a figure, for all.
 * One statement: page, figures and count.
 */
export async function listTemplates(db: Tx, q: TemplateListQuery, page?: { limit: number; offset: number }, countMax?: number) {
  if (page)
    return {
      rows: (await rowsOf<TemplateSqlRow>(db, templateListSql(q, page).statement)).map(templateAttributes),
      total: 0,
      estimated: false,
    };
  const { statement, from } = templateListSql(q, undefined);
  return countedList(db, q, countMax, { rows: async () => (await rowsOf<TemplateSqlRow>(db, statement)).map(templateAttributes), from });
}

/** The list's statement (page only), and `from`: its matching rows, for the count; with 'all', every row in the list's order (the CSV export). */
export function templateListSql(q: TemplateListQuery, page: ListPage): { statement: SQL; from: SQL } {
  const terms: SQL[] = [sql`true`];
  if (q.search) terms.push(sql`(${contains(sql`p.name`, q.search)} or ${contains(statusWord, q.search)})`);
  if (q.filters.loyalty_program_status) terms.push(q.filters.loyalty_program_status === 'Active' ? sql`p.status = 0` : sql`p.status <> 0`);
  if (q.filters.currency_config !== undefined) terms.push(sql`p.currency_config = ${q.filters.currency_config}`);
  const where = sql.join(terms, sql` and `);
  const { limit, offset } = limitOffset(q, page);
  const order = orderSql(q.sort, SORT_COLUMNS, sql`p.loyalty_program_seq`);
  const from = sql`from loyalty_programs p where ${where}`;
  const columns = sql`p.loyalty_program_seq, p.name as loyalty_program_name, ${statusWord} as loyalty_program_status,
    tf.milestone_count, tf.total_program_spending, tf.template_goal_spend, tf.total_payout, p.currency_config, tf.active_enrollees,
    case when ${openEnrolmentsSql(sql`p.loyalty_program_seq`)} then 'N' else 'Y' end as edit_allowed`;
  const statement = q.sort.every((s) => BASE_SORTS.has(s.field))
    ? sql`with pg as materialized (
            select p.loyalty_program_seq as seq, row_number() over (order by ${order}) as ord
              from loyalty_programs p where ${where} order by ${order} limit ${limit} offset ${offset})
          select ${columns}
            from pg
            join loyalty_programs p on p.loyalty_program_seq = pg.seq
            join (${templateFiguresSql(today(), sql`lp.loyalty_program_seq in (select seq from pg)`)}) tf on tf.loyalty_program_seq = pg.seq
           order by pg.ord`
    : sql`select ${columns}
          from loyalty_programs p
          join (${templateFiguresSql(today())}) tf on tf.loyalty_program_seq = p.loyalty_program_seq
          where ${where} order by ${order} limit ${limit} offset ${offset}`;
  return { statement, from };
}

export function templateAttributes(r: TemplateSqlRow) {
  return {
    loyaltyProgramSeq: Number(r.loyalty_program_seq),
    loyaltyProgramName: r.loyalty_program_name,
    loyaltyProgramStatus: r.loyalty_program_status,
    milestoneCount: Number(r.milestone_count),
    totalProgramSpending: num(r.total_program_spending) ?? 0,
    templateGoalSpend: num(r.template_goal_spend) ?? 0,
    totalPayout: num(r.total_payout) ?? 0,
    currencyConfig: Number(r.currency_config),
    activeEnrollees: Number(r.active_enrollees),
    editAllowed: r.edit_allowed,
  };
}

/** The template and the name of its bundle, or undefined. */
export async function templateWithBundle(db: Tx, seq: number) {
  const [p] = await db
    .select({ template: loyaltyPrograms, bundleName: loyaltyBundles.name })
    .from(loyaltyPrograms)
    .leftJoin(loyaltyBundles, eq(loyaltyBundles.bundleSeq, loyaltyPrograms.bundleSeq))
    .where(eq(loyaltyPrograms.loyaltyProgramSeq, seq));
  return p;
}

export const milestonesOf = (db: Tx, seq: number) =>
  db.select().from(loyaltyMilestones).where(eq(loyaltyMilestones.loyaltyProgramSeq, seq)).orderBy(asc(loyaltyMilestones.milestoneNo));

/** Its active enrolments, the latest end date among them, and whether any enrolment still depends on it. */
export async function enrolmentSummary(db: Tx, seq: number) {
  const [enrolled] = await rowsOf<{ active: number; latest: string | null; open: boolean }>(
    db,
    sql`select (count(*) filter (where f.loyalty_program_status in (${EnrolmentStatus.PreEnrolled}, ${EnrolmentStatus.Enrolled})))::int as active,
        max(f.end_date) filter (where f.loyalty_program_status in (${EnrolmentStatus.PreEnrolled}, ${EnrolmentStatus.Enrolled})) as latest,
        ${openEnrolmentsSql(sql`${seq}`)} as open
      from (${enrolmentFiguresSql(today(), sql`e.loyalty_program_seq = ${seq}`)}) f`,
  );
  return enrolled;
}

/** Whether an enrolment that still depends on the template is open (ALP30). */
export async function hasOpenEnrolments(tx: Tx, seq: number): Promise<boolean> {
  const [open] = await rowsOf<{ open: boolean }>(tx, sql`select ${openEnrolmentsSql(sql`${seq}`)} as open`);
  return !!open?.open;
}

/** Another template of the same name (case aside), if any. */
export async function templateNamed(tx: Tx, name: string, exceptSeq?: number) {
  const [same] = await tx
    .select({ seq: loyaltyPrograms.loyaltyProgramSeq })
    .from(loyaltyPrograms)
    .where(
      sql`lower(${loyaltyPrograms.name}) = lower(${name})${exceptSeq ? sql` and ${loyaltyPrograms.loyaltyProgramSeq} <> ${exceptSeq}` : sql``}`,
    )
    .limit(1);
  return same;
}

/** The template, locked for a change (an enrolment added meanwhile waits: custs_add reads the template). */
export async function lockTemplate(tx: Tx, seq: number) {
  const [row] = await tx.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.loyaltyProgramSeq, seq)).for('update');
  return row;
}

export type TemplateValues = Pick<
  typeof loyaltyPrograms.$inferInsert,
  'name' | 'currencyConfig' | 'bundleSeq' | 'bundleType' | 'modifiedBy'
>;
export type MilestoneValues = typeof loyaltyMilestones.$inferInsert;

export async function insertTemplate(tx: Tx, values: TemplateValues) {
  const [row] = await tx.insert(loyaltyPrograms).values(values).returning();
  return row!;
}

export async function updateTemplateRow(tx: Tx, seq: number, values: Partial<TemplateValues> & { status?: number }) {
  const [row] = await tx
    .update(loyaltyPrograms)
    .set({ ...values, lastModified: sql`now()` })
    .where(eq(loyaltyPrograms.loyaltyProgramSeq, seq))
    .returning();
  return row!;
}

/** Replaces the milestones of a template. */
export async function replaceMilestones(tx: Tx, seq: number, rows: MilestoneValues[]) {
  await tx.delete(loyaltyMilestones).where(eq(loyaltyMilestones.loyaltyProgramSeq, seq));
  return insertMilestones(tx, rows);
}

export const insertMilestones = (tx: Tx, rows: MilestoneValues[]) => tx.insert(loyaltyMilestones).values(rows).returning();
