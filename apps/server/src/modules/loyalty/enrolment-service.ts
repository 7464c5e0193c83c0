import {
  EnrolmentCode,
  enrolmentDateIssues,
  initialEnrolmentStatus,
  isEnrolled,
  TemplateCode,
  type custsAddBodySchema,
  type customerOptionsQuerySchema,
  type enrolmentListQuerySchema,
} from '@fc/contract/loyalty';
import type { z } from 'zod';
import { audit, type Actor } from '../../audit/audit';
import type { AppContext } from '../../context';
import { AppError, badRequest, validationErrors } from '../../http/errors';
import { today, unenrolEnrolments } from '../loyalty-engine/index';
import {
  effectiveEnrolmentStatus,
  enrolmentExportRows,
  enrolmentRecord,
  insertEnrolment,
  listCustomerOptions,
  listEnrolments,
  lockedCustomer,
  overlapsOpenEnrolment,
  sharedTemplate,
  type enrolmentRow,
} from './enrolment-repo';
import { isoDate, todayCompact } from './shared';

/** The customers tab's use cases (LOY-05 to LOY-09): its list and export, the customer options, enrolling, unenrolling. */

type EnrolmentListQuery = z.output<typeof enrolmentListQuerySchema>;

/** A page of the enrolment list, counted exactly up to LIST_EXACT_COUNT_MAX (decision 0600). */
export const enrolmentPage = (ctx: AppContext, q: EnrolmentListQuery) =>
  listEnrolments(ctx.db, q, undefined, ctx.config.LIST_EXACT_COUNT_MAX);

/** A page of the customers the add form offers. */
export const customerOptionPage = (ctx: AppContext, q: z.output<typeof customerOptionsQuerySchema>) =>
  listCustomerOptions(ctx.db, q, ctx.config.LIST_EXACT_COUNT_MAX);

export const ENROLMENT_CSV_HEADER = [
  'Customer Name',
  'Customer Number',
  'Available Credit',
  'Start Date',
  'End Date',
  'Current Spend',
  'Next Milestone Amount',
  'Spend Progression (%)',
  'Program Name',
  'Current Milestone Rate (%)',
  'Current Milestone Cap',
  'Program Status',
  'Currency',
] as const;

function enrolmentCsvRow(e: ReturnType<typeof enrolmentRow>): unknown[] {
  return [
    e.customerName,
    e.custNo,
    e.availableCredit,
    e.startDate,
    e.endDate,
    e.currentSpend,
    e.nextMilestoneAmount,
    e.spendProgression === null ? null : Math.min(100, e.spendProgression),
    e.loyaltyProgramName,
    e.currentMilestoneRate === null ? null : Math.round(e.currentMilestoneRate * 1_000_000) / 10_000,
    e.currentMilestoneCap,
    e.loyaltyProgramStatus,
    e.currency === 1 ? 'CAD' : 'USD',
  ];
}

/** The export's lines: every enrolment the list's search and sort match, in its order (custs_csv). */
export async function* enrolmentCsvLines(ctx: AppContext, q: EnrolmentListQuery): AsyncGenerator<unknown[]> {
  for await (const e of enrolmentExportRows(ctx.database, q)) yield enrolmentCsvRow(e);
}

type CustsAddBody = z.output<typeof custsAddBodySchema>;
const field = (name: string) => `fc_loyalty_cust.${name}`;

function checkDates(c: CustsAddBody['fc_loyalty_cust'], asOf: string, maxYears: number) {
  const dateIssues = enrolmentDateIssues(c.start_date, c.end_date, todayCompact(asOf), maxYears);
  if (!dateIssues.length) return;
  throw validationErrors(
    dateIssues.map((i) => ({
      code: i.code,
      field: field(i.field),
      detail:
        i.code === EnrolmentCode.PastDate
          ? 'The expiration date cannot be in the past.'
          : i.code === EnrolmentCode.TooFar
            ? `The ${i.field === 'start_date' ? 'enrolment' : 'expiration'} date cannot be more than ${maxYears} years from today.`
            : 'The expiration date must not be before the enrolment date.',
    })),
  );
}

/**
 * Enrolling (custs_add, LOY-07, LOY-08): an active customer, an active template of the customer's currency,
 * valid dates, and no open enrolment of the customer in that template whose window overlaps the new one.
 */
export async function addEnrolment(ctx: AppContext, actor: Actor, body: CustsAddBody) {
  const c = body.fc_loyalty_cust;
  const asOf = today();
  checkDates(c, asOf, ctx.config.LOYALTY_ENROLMENT_MAX_YEARS);
  return ctx.db.transaction(async (tx) => {
    const customer = await lockedCustomer(tx, c.cust_no);
    if (!customer) throw badRequest(EnrolmentCode.CustomerNotFound, `Customer ${c.cust_no} does not exist.`, field('cust_no'));
    if (customer.status === 1)
      throw badRequest(EnrolmentCode.CustomerInactive, `Customer ${c.cust_no} is inactive and cannot be enrolled.`, field('cust_no'));
    if (c.program !== undefined && c.program !== customer.program) {
      throw badRequest('invalid', `Customer ${c.cust_no} belongs to programme ${customer.program}, not ${c.program}.`, field('program'));
    }
    const template = await sharedTemplate(tx, c.loyalty_program_seq);
    if (!template) throw badRequest(TemplateCode.NotFound, 'No programme found.', field('loyalty_program_seq'));
    if (template.status !== 0)
      throw badRequest(EnrolmentCode.ProgramNotOffered, `The programme ${template.name} is inactive.`, field('loyalty_program_seq'));
    if (template.currencyConfig !== customer.currency) {
      throw badRequest(
        EnrolmentCode.CurrencyMismatch,
        `The programme ${template.name} is not in the customer's currency.`,
        field('loyalty_program_seq'),
      );
    }
    const start = isoDate(c.start_date);
    const end = isoDate(c.end_date);
    if (await overlapsOpenEnrolment(tx, asOf, c.cust_no, c.loyalty_program_seq, start, end)) {
      throw badRequest(
        EnrolmentCode.AlreadyEnrolled,
        `Customer ${c.cust_no} is already enrolled in ${template.name} for part of these dates.`,
        field('loyalty_program_seq'),
      );
    }
    const row = await insertEnrolment(tx, {
      custNo: c.cust_no,
      loyaltyProgramSeq: c.loyalty_program_seq,
      startDate: start,
      endDate: end,
      status: initialEnrolmentStatus(c.start_date, todayCompact(asOf)),
      modifiedBy: actor.username,
    });
    await audit(tx, actor, { entity: 'loyalty_enrolment', entityId: row.custLoyaltyProgramSeq, action: 'create', after: row });
    return row;
  });
}

/** Unenrolling (custs_del, LOY-06): only an enrolled or pre-enrolled enrolment may be unenrolled. */
export async function unenrol(ctx: AppContext, actor: Actor, seq: number) {
  return ctx.db.transaction(async (tx) => {
    const status = await effectiveEnrolmentStatus(tx, seq);
    if (!status) throw new AppError(404, EnrolmentCode.EnrolmentNotFound, `Enrolment ${seq} does not exist.`, 'cust_loyalty_program_seq');
    if (!isEnrolled(status)) {
      throw badRequest(
        EnrolmentCode.NotEnrolled,
        `Only an enrolled or pre-enrolled customer can be unenrolled (this enrolment is ${status}).`,
        'cust_loyalty_program_seq',
      );
    }
    const before = await enrolmentRecord(tx, seq);
    await unenrolEnrolments(tx, [seq], actor.username, today());
    const after = await enrolmentRecord(tx, seq);
    await audit(tx, actor, { entity: 'loyalty_enrolment', entityId: seq, action: 'unenrol', before, after });
  });
}
