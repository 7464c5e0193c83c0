import { isoDay, loyaltyCsvFileName, TemplateCode, type ProgramBody, type templateListQuerySchema } from '@fc/contract/loyalty';
import type { z } from 'zod';
import { audit, type Actor } from '../../../audit/audit';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { cursorRows } from '../../../db/cursor';
import { isUniqueViolation } from '../../../db/execute';
import { AppError, badRequest } from '../../../http/errors';
import { lockBundleForShare } from '../repo/bundles';
import {
  enrolmentSummary,
  hasOpenEnrolments,
  insertMilestones,
  insertTemplate,
  listTemplates,
  lockTemplate,
  milestonesOf,
  replaceMilestones,
  templateAttributes,
  templateListSql,
  templateNamed,
  templateWithBundle,
  updateTemplateRow,
  type TemplateSqlRow,
} from '../repo/templates';
import { mapRows, num } from '../shared';

/** Programme templates (LOY-10 to LOY-16): the list, its export, one template, and the writes. */

type TemplateListQuery = z.output<typeof templateListQuerySchema>;

/** A page of the template list with its record count. */
export const templatePage = (ctx: AppContext, q: TemplateListQuery) => listTemplates(ctx.db, q, undefined, ctx.config.LIST_EXACT_COUNT_MAX);

const TEMPLATE_CSV_HEADER = [
  'Program Name',
  'Status',
  'Milestone Count',
  'Total Program Spending',
  'Template Goal Spend',
  'Total Payout',
  'Currency Configuration',
  'Active Enrollees',
] as const;

/** programs_csv: every template the list's search and sort match, read through a cursor. */
export function templateCsv(ctx: AppContext, q: TemplateListQuery) {
  const rows = cursorRows<TemplateSqlRow>(ctx.database, templateListSql(q, 'all').statement);
  return {
    fileName: loyaltyCsvFileName('programs', isoDay()),
    header: TEMPLATE_CSV_HEADER,
    rows: mapRows(rows, (r) => {
      const t = templateAttributes(r);
      return [
        t.loyaltyProgramName,
        t.loyaltyProgramStatus,
        t.milestoneCount,
        t.totalProgramSpending,
        t.templateGoalSpend,
        t.totalPayout,
        t.currencyConfig === 1 ? 'CAD' : 'USD',
        t.activeEnrollees,
      ];
    }),
  };
}

/** The template, its milestones, and what the deactivate dialog states. */
export async function templateDetails(ctx: AppContext, seq: number) {
  const p = await templateWithBundle(ctx.db, seq);
  if (!p) throw new AppError(404, TemplateCode.NotFound, 'No programme found.', 'loyalty_program_seq');
  const milestones = await milestonesOf(ctx.db, seq);
  const enrolled = await enrolmentSummary(ctx.db, seq);
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

const duplicateName = (name: string) =>
  badRequest(TemplateCode.DuplicateName, `A programme named ${name} already exists.`, `${P}.loyalty_program_name`);

/**
 * The rules that need the database. The schema checked each value and the milestone order
 * (ALP10, ALP09: programAddBodySchema), so the browser's form and this server apply one rule.
 */
async function checkTemplate(tx: Tx, body: ProgramBody, seq?: number) {
  const p = body.fc_loyalty_program;
  const numbers = body.fc_loyalty_program_milestones.map((m) => m.milestone_no);
  if (new Set(numbers).size !== numbers.length) throw badRequest('invalid', 'Each milestone_no may occur once.', `${M}`);
  if (await templateNamed(tx, p.loyalty_program_name, seq)) throw duplicateName(p.loyalty_program_name);
  if (p.bundle_seq) {
    // Share lock: a deactivation of this bundle waits for the template that starts using it, and sees it.
    const bundle = await lockBundleForShare(tx, p.bundle_seq);
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

const templateValues = (body: ProgramBody, actor: Actor) => {
  const p = body.fc_loyalty_program;
  return {
    name: p.loyalty_program_name,
    currencyConfig: p.currency_config,
    bundleSeq: p.bundle_seq ?? null,
    bundleType: p.bundle_seq ? (p.bundle_type ?? null) : null,
    modifiedBy: actor.username,
  };
};

/** Two requests with one new name at once: the unique index decides, the loser reads ALP18. */
async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(name);
    throw err;
  }
}

export function addTemplate(ctx: AppContext, actor: Actor, body: ProgramBody) {
  return uniqueName(body.fc_loyalty_program.loyalty_program_name, () =>
    ctx.db.transaction(async (tx) => {
      await checkTemplate(tx, body);
      const row = await insertTemplate(tx, templateValues(body, actor));
      const milestones = await insertMilestones(tx, milestoneRows(row.loyaltyProgramSeq, body));
      await audit(tx, actor, {
        entity: 'loyalty_program',
        entityId: row.loyaltyProgramSeq,
        action: 'create',
        after: { ...row, milestones },
      });
      return row;
    }),
  );
}

/** program/update: only an active template without open enrolments (ALP30) may change. */
export function updateTemplate(ctx: AppContext, actor: Actor, body: ProgramBody) {
  const seq = body.fc_loyalty_program.loyalty_program_seq!;
  return uniqueName(body.fc_loyalty_program.loyalty_program_name, () =>
    ctx.db.transaction(async (tx) => {
      const before = await lockTemplate(tx, seq);
      if (!before) throw badRequest(TemplateCode.NotFound, 'No programme found.', `${P}.loyalty_program_name`);
      if (before.status !== 0)
        throw badRequest(
          TemplateCode.Inactive,
          `The programme ${before.name} is inactive and cannot be modified.`,
          `${P}.loyalty_program_name`,
        );
      if (await hasOpenEnrolments(tx, seq))
        throw badRequest(TemplateCode.HasActiveCustomers, 'Cannot modify a programme with active customers.', `${P}.loyalty_program_name`);
      await checkTemplate(tx, body, seq);
      const beforeMilestones = await milestonesOf(tx, seq);
      const row = await updateTemplateRow(tx, seq, templateValues(body, actor));
      const milestones = await replaceMilestones(tx, seq, milestoneRows(seq, body));
      await audit(tx, actor, {
        entity: 'loyalty_program',
        entityId: seq,
        action: 'update',
        before: { ...before, milestones: beforeMilestones },
        after: { ...row, milestones },
      });
      return row;
    }),
  );
}

/** program_deactivate: an active template stops being offered; its enrolments run to their end dates. */
export function deactivateTemplate(ctx: AppContext, actor: Actor, seq: number) {
  return ctx.db.transaction(async (tx) => {
    const before = await lockTemplate(tx, seq);
    if (!before) throw new AppError(404, TemplateCode.NotFound, 'No programme found.', 'loyalty_program_seq');
    if (before.status !== 0)
      throw badRequest(TemplateCode.Inactive, `The programme ${before.name} is already inactive.`, 'loyalty_program_seq');
    const after = await updateTemplateRow(tx, seq, { status: 1, modifiedBy: actor.username });
    await audit(tx, actor, { entity: 'loyalty_program', entityId: seq, action: 'deactivate', before, after });
  });
}
