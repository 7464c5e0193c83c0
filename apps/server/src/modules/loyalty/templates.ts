import type { FastifyRequest } from 'fastify';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  CLOSED_STATUSES,
  EnrolmentStatus,
  TemplateCode,
  type ProgramBody,
  type TemplateSortField,
  type templateListQuerySchema,
} from '@fc/contract/loyalty';
import type { z } from 'zod';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { loyaltyBundles, loyaltyMilestones, loyaltyPrograms } from '../../db/schema/index';
import { AppError, badRequest } from '../../http/errors';
import { contains } from '../../http/list';
import { enrolmentFiguresSql, templateFiguresSql, today } from '../loyalty-engine/index';
import { actor, countedList, limitOffset, num, orderSql, rowsOf, type ListPage } from './shared';
import { isUniqueViolation } from '../../db/execute';

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

export const TEMPLATE_CSV_HEADER = [
  'Program Name',
  'Status',
  'Milestone Count',
  'Total Program Spending',
  'Template Goal Spend',
  'Total Payout',
  'Currency Configuration',
  'Active Enrollees',
] as const;

export const templateCsvRow = (t: ReturnType<typeof templateAttributes>): unknown[] => [
  t.loyaltyProgramName,
  t.loyaltyProgramStatus,
  t.milestoneCount,
  t.totalProgramSpending,
  t.templateGoalSpend,
  t.totalPayout,
  t.currencyConfig === 1 ? 'CAD' : 'USD',
  t.activeEnrollees,
];

/** GET /fc-common-api/loyalty/program: the template, its milestones, and what the deactivate dialog states. */
export async function templateDetails(db: Tx, seq: number) {
  const [p] = await db
    .select({ template: loyaltyPrograms, bundleName: loyaltyBundles.name })
    .from(loyaltyPrograms)
    .leftJoin(loyaltyBundles, eq(loyaltyBundles.bundleSeq, loyaltyPrograms.bundleSeq))
    .where(eq(loyaltyPrograms.loyaltyProgramSeq, seq));
  if (!p) throw new AppError(404, TemplateCode.NotFound, 'No programme found.', 'loyalty_program_seq');
  const milestones = await db
    .select()
    .from(loyaltyMilestones)
    .where(eq(loyaltyMilestones.loyaltyProgramSeq, seq))
    .orderBy(asc(loyaltyMilestones.milestoneNo));
  const [enrolled] = await rowsOf<{ active: number; latest: string | null; open: boolean }>(
    db,
    sql`select (count(*) filter (where f.loyalty_program_status in (${EnrolmentStatus.PreEnrolled}, ${EnrolmentStatus.Enrolled})))::int as active,
        max(f.end_date) filter (where f.loyalty_program_status in (${EnrolmentStatus.PreEnrolled}, ${EnrolmentStatus.Enrolled})) as latest,
        ${openEnrolmentsSql(sql`${seq}`)} as open
      from (${enrolmentFiguresSql(today(), sql`e.loyalty_program_seq = ${seq}`)}) f`,
  );
  const t = p.template;
  return {
    loyaltyProgramSeq: t.loyaltyProgramSeq,
    loyaltyProgramName: t.name,
    loyaltyProgramStatus: t.status === 0 ? 'Active' : 'Inactive',
    currencyConfig: t.currencyConfig,
    loyaltyProgramBundleSeq: t.bundleSeq,
    loyaltyProgramBundleType: t.bundleType,
    bundleName: p.bundleName,
    milestones: milestones.map((m) => ({ number: m.milestoneNo, rate: num(m.rate), amount: Number(m.amount), cap: num(m.cap) })),
    activeEnrollees: Number(enrolled?.active ?? 0),
    latestEndDate: enrolled?.latest ?? null,
    editAllowed: enrolled?.open ? 'N' : 'Y',
    lastModified: t.lastModified,
    modifiedBy: t.modifiedBy,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Writes

const P = 'fc_loyalty_program';
const M = 'fc_loyalty_program_milestones';

/**
 * The rules of section 8 that need the database. The schema checked each value and the milestone order
 * (ALP10, ALP09: programAddBodySchema), so the browser's form and this server apply one rule.
 */
async function checkTemplate(tx: Tx, body: ProgramBody, seq?: number) {
  const p = body.fc_loyalty_program;
  const milestones = body.fc_loyalty_program_milestones;
  const numbers = milestones.map((m) => m.milestone_no);
  if (new Set(numbers).size !== numbers.length) throw badRequest('invalid', 'Each milestone_no may occur once.', `${M}`);
  const [same] = await tx
    .select({ seq: loyaltyPrograms.loyaltyProgramSeq })
    .from(loyaltyPrograms)
    .where(
      sql`lower(${loyaltyPrograms.name}) = lower(${p.loyalty_program_name})${seq ? sql` and ${loyaltyPrograms.loyaltyProgramSeq} <> ${seq}` : sql``}`,
    )
    .limit(1);
  if (same)
    throw badRequest(
      TemplateCode.DuplicateName,
      `A programme named ${p.loyalty_program_name} already exists.`,
      `${P}.loyalty_program_name`,
    );
  if (p.bundle_seq) {
    // Share lock: a deactivation of this bundle waits for the template that starts using it, and sees it.
    const [bundle] = await tx.select().from(loyaltyBundles).where(eq(loyaltyBundles.bundleSeq, p.bundle_seq)).for('share');
    if (!bundle || bundle.status !== 0)
      throw badRequest(TemplateCode.InvalidBundle, 'Invalid bundle: choose an active bundle.', `${P}.bundle_seq`);
  }
}

const milestoneRows = (seq: number, body: ProgramBody) =>
  [...body.fc_loyalty_program_milestones]
    .sort((a, b) => a.milestone_no - b.milestone_no)
    .map((m, i) => ({
      loyaltyProgramSeq: seq,
      milestoneNo: i + 1,
      amount: m.milestone_amount.toFixed(2),
      rate: m.milestone_rate === null ? null : m.milestone_rate.toFixed(6),
      cap: m.milestone_cap === null ? null : m.milestone_cap.toFixed(2),
    }));

export async function addTemplate(ctx: AppContext, req: FastifyRequest, body: ProgramBody) {
  const p = body.fc_loyalty_program;
  try {
    return await ctx.db.transaction(async (tx) => {
      await checkTemplate(tx, body);
      const [row] = await tx
        .insert(loyaltyPrograms)
        .values({
          name: p.loyalty_program_name,
          currencyConfig: p.currency_config,
          bundleSeq: p.bundle_seq ?? null,
          bundleType: p.bundle_seq ? (p.bundle_type ?? null) : null,
          modifiedBy: actor(req),
        })
        .returning();
      const milestones = await tx.insert(loyaltyMilestones).values(milestoneRows(row!.loyaltyProgramSeq, body)).returning();
      await audit(tx, req, {
        entity: 'loyalty_program',
        entityId: row!.loyaltyProgramSeq,
        action: 'create',
        after: { ...row, milestones },
      });
      return row!;
    });
  } catch (err) {
    // Two requests with one new name at once: the unique index decides, the loser reads ALP18.
    if (isUniqueViolation(err))
      throw badRequest(
        TemplateCode.DuplicateName,
        `A programme named ${p.loyalty_program_name} already exists.`,
        `${P}.loyalty_program_name`,
      );
    throw err;
  }
}

/** program/update: only an active template without open enrolments (ALP30) may change. */
export async function updateTemplate(ctx: AppContext, req: FastifyRequest, body: ProgramBody) {
  const p = body.fc_loyalty_program;
  const seq = p.loyalty_program_seq!;
  try {
    return await ctx.db.transaction(async (tx) => {
      // Row lock: an enrolment added meanwhile waits for this change (custs_add reads the template).
      const [before] = await tx.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.loyaltyProgramSeq, seq)).for('update');
      if (!before) throw badRequest(TemplateCode.NotFound, 'No programme found.', `${P}.loyalty_program_name`);
      if (before.status !== 0)
        throw badRequest(
          TemplateCode.Inactive,
          `The programme ${before.name} is inactive and cannot be modified.`,
          `${P}.loyalty_program_name`,
        );
      const [open] = await rowsOf<{ open: boolean }>(tx, sql`select ${openEnrolmentsSql(sql`${seq}`)} as open`);
      if (open?.open)
        throw badRequest(TemplateCode.HasActiveCustomers, 'Cannot modify a programme with active customers.', `${P}.loyalty_program_name`);
      await checkTemplate(tx, body, seq);
      const beforeMilestones = await tx.select().from(loyaltyMilestones).where(eq(loyaltyMilestones.loyaltyProgramSeq, seq));
      const [row] = await tx
        .update(loyaltyPrograms)
        .set({
          name: p.loyalty_program_name,
          currencyConfig: p.currency_config,
          bundleSeq: p.bundle_seq ?? null,
          bundleType: p.bundle_seq ? (p.bundle_type ?? null) : null,
          lastModified: sql`now()`,
          modifiedBy: actor(req),
        })
        .where(eq(loyaltyPrograms.loyaltyProgramSeq, seq))
        .returning();
      await tx.delete(loyaltyMilestones).where(eq(loyaltyMilestones.loyaltyProgramSeq, seq));
      const milestones = await tx.insert(loyaltyMilestones).values(milestoneRows(seq, body)).returning();
      await audit(tx, req, {
        entity: 'loyalty_program',
        entityId: seq,
        action: 'update',
        before: { ...before, milestones: beforeMilestones },
        after: { ...row, milestones },
      });
      return row!;
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw badRequest(
        TemplateCode.DuplicateName,
        `A programme named ${p.loyalty_program_name} already exists.`,
        `${P}.loyalty_program_name`,
      );
    throw err;
  }
}

/** program_deactivate: an active template stops being offered; its enrolments run to their end dates. */
export async function deactivateTemplate(ctx: AppContext, req: FastifyRequest, seq: number) {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.loyaltyProgramSeq, seq)).for('update');
    if (!before) throw new AppError(404, TemplateCode.NotFound, 'No programme found.', 'loyalty_program_seq');
    if (before.status !== 0)
      throw badRequest(TemplateCode.Inactive, `The programme ${before.name} is already inactive.`, 'loyalty_program_seq');
    const [after] = await tx
      .update(loyaltyPrograms)
      .set({ status: 1, lastModified: sql`now()`, modifiedBy: actor(req) })
      .where(eq(loyaltyPrograms.loyaltyProgramSeq, seq))
      .returning();
    await audit(tx, req, { entity: 'loyalty_program', entityId: seq, action: 'deactivate', before, after });
  });
}
