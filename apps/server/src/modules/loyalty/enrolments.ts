import type { FastifyRequest } from 'fastify';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  EnrolmentCode,
  enrolmentDateIssues,
  initialEnrolmentStatus,
  isEnrolled,
  TemplateCode,
  type custsAddBodySchema,
  type customerOptionsQuerySchema,
  type EnrolmentSortField,
  type enrolmentListQuerySchema,
} from '@fc/contract/loyalty';
import type { z } from 'zod';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { customers, loyaltyEnrolments, loyaltyPrograms } from '../../db/schema/index';
import { AppError, badRequest, validationErrors } from '../../http/errors';
import { contains, offsetOf } from '../../http/list';
import { enrolmentBaseSql, enrolmentFiguresSql, today, unenrolEnrolments } from '../loyalty-engine/index';
import { actor, countedList, isoDate, num, orderSql, rowsOf, todayCompact, limitOffset, type ListPage } from './shared';

type EnrolmentListQuery = z.output<typeof enrolmentListQuerySchema>;

export interface EnrolmentSqlRow {
  cust_loyalty_program_seq: number | string;
  loyalty_program_seq: number | string;
  customer_name: string;
  cust_no: number;
  available_credit: string | null;
  start_date: string;
  end_date: string;
  current_spend: string | null;
  next_milestone_amount: string | null;
  spend_progression: string | null;
  loyalty_program_name: string;
  current_milestone_rate: string | null;
  current_milestone_cap: string | null;
  loyalty_program_status: string;
  currency: number;
}

const SORT_COLUMNS: Record<EnrolmentSortField, SQL> = {
  customer_name: sql`lower(c.cust_name)`,
  cust_no: sql`f.cust_no`,
  available_credit: sql`f.available_credit`,
  start_date: sql`f.start_date`,
  end_date: sql`f.end_date`,
  current_spend: sql`f.current_spend`,
  next_milestone_amount: sql`f.next_milestone_amount`,
  spend_progression: sql`f.spend_progression`,
  loyalty_program_name: sql`lower(p.name)`,
  current_milestone_rate: sql`f.current_milestone_rate`,
  current_milestone_cap: sql`f.current_milestone_cap`,
  loyalty_program_status: sql`f.loyalty_program_status`,
  currency: sql`f.currency`,
};

function whereOf(q: EnrolmentListQuery): SQL {
  const terms: SQL[] = [sql`true`];
  if (q.search) {
    terms.push(
      sql`(${contains(sql`c.cust_name`, q.search)} or ${contains(sql`f.cust_no`, q.search)} or ${contains(sql`p.name`, q.search)} or ${contains(sql`f.loyalty_program_status`, q.search)})`,
    );
  }
  if (q.filters.loyalty_program_seq) terms.push(sql`f.loyalty_program_seq = ${q.filters.loyalty_program_seq}`);
  if (q.filters.cust_no) terms.push(sql`f.cust_no = ${q.filters.cust_no}`);
  return sql.join(terms, sql` and `);
}

/** Sort fields the list orders by without the milestones: its page is chosen before any figure is computed. */
const BASE_SORTS: ReadonlySet<EnrolmentSortField> = new Set<EnrolmentSortField>([
  'customer_name',
  'cust_no',
  'start_date',
  'end_date',
  'current_spend',
  'loyalty_program_name',
  'loyalty_program_status',
  'currency',
]);

const ROW_COLUMNS = sql`f.cust_loyalty_program_seq, f.loyalty_program_seq, c.cust_name as customer_name, f.cust_no, f.available_credit,
  f.start_date, f.end_date, f.current_spend, f.next_milestone_amount, f.spend_progression, f.loyalty_program_name,
  f.current_milestone_rate, f.current_milestone_cap, f.loyalty_program_status, f.currency`;

/**
 * The enrolment list: every computed column comes from the engine's SQL, so sorting and paging by
 * current spend, progression or payout happen in the database like any other column. Sorted by a column
 * that needs no milestone (the default, current spend, dates, names), the page's rows are chosen first and
 * only their figures computed; the count never computes any. One statement: page, figures and count.
 */
export async function listEnrolments(db: Tx, q: EnrolmentListQuery, page?: { limit: number; offset: number }, countMax?: number) {
  if (page)
    return {
      rows: (await rowsOf<EnrolmentSqlRow>(db, enrolmentListSql(q, page).statement)).map(enrolmentAttributes),
      total: 0,
      estimated: false,
    };
  const { statement, from } = enrolmentListSql(q, undefined);
  return countedList(db, q, countMax, { rows: async () => (await rowsOf<EnrolmentSqlRow>(db, statement)).map(enrolmentAttributes), from });
}

/** The list's statement (page only), and `from`: its matching rows, for the count; with 'all', every row in the list's order (the CSV export). */
export function enrolmentListSql(q: EnrolmentListQuery, page: ListPage): { statement: SQL; from: SQL } {
  const asOf = today();
  const where = whereOf(q);
  const { limit, offset } = limitOffset(q, page);
  const order = orderSql(q.sort, SORT_COLUMNS, sql`f.cust_loyalty_program_seq`);
  const joins = sql`join customers c on c.cust_no = f.cust_no join loyalty_programs p on p.loyalty_program_seq = f.loyalty_program_seq`;
  // Choosing the page and counting join the customer and the programme (which every enrolment has) only
  // when a search or the sort reads their names: fewer joins to plan for every page.
  const sorted = (field: EnrolmentSortField) => q.sort.some((s) => s.field === field);
  const namesFor = (customer: boolean, program: boolean) =>
    sql.join(
      [
        customer ? sql`join customers c on c.cust_no = f.cust_no` : sql``,
        program ? sql`join loyalty_programs p on p.loyalty_program_seq = f.loyalty_program_seq` : sql``,
      ],
      sql` `,
    );
  const pageJoins = namesFor(!!q.search || sorted('customer_name'), !!q.search || sorted('loyalty_program_name'));
  const from = sql`from (${enrolmentBaseSql(asOf)}) f ${namesFor(!!q.search, !!q.search)} where ${where}`;
  const statement = q.sort.every((s) => BASE_SORTS.has(s.field))
    ? sql`with pg as materialized (
            select f.cust_loyalty_program_seq as seq, row_number() over (order by ${order}) as ord
              from (${enrolmentBaseSql(asOf)}) f ${pageJoins}
             where ${where} order by ${order} limit ${limit} offset ${offset})
          select ${ROW_COLUMNS}
            from pg
            join (${enrolmentFiguresSql(asOf, sql`e.cust_loyalty_program_seq in (select seq from pg)`)}) f on f.cust_loyalty_program_seq = pg.seq
            join customers c on c.cust_no = f.cust_no
           order by pg.ord`
    : sql`select ${ROW_COLUMNS} from (${enrolmentFiguresSql(asOf)}) f ${joins}
          where ${where} order by ${order} limit ${limit} offset ${offset}`;
  return { statement, from };
}

export function enrolmentAttributes(r: EnrolmentSqlRow) {
  return {
    custLoyaltyProgramSeq: Number(r.cust_loyalty_program_seq),
    loyaltyProgramSeq: Number(r.loyalty_program_seq),
    customerName: r.customer_name,
    custNo: Number(r.cust_no),
    availableCredit: num(r.available_credit),
    startDate: r.start_date,
    endDate: r.end_date,
    currentSpend: num(r.current_spend),
    nextMilestoneAmount: num(r.next_milestone_amount),
    spendProgression: num(r.spend_progression),
    loyaltyProgramName: r.loyalty_program_name,
    currentMilestoneRate: num(r.current_milestone_rate),
    currentMilestoneCap: num(r.current_milestone_cap),
    loyaltyProgramStatus: r.loyalty_program_status,
    currency: Number(r.currency),
  };
}

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

export function enrolmentCsvRow(e: ReturnType<typeof enrolmentAttributes>): unknown[] {
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

// ---------------------------------------------------------------------------------------------------------
// Customer options

export async function listCustomerOptions(db: Tx, q: z.output<typeof customerOptionsQuerySchema>, countMax?: number) {
  const terms: SQL[] = [sql`true`];
  if (q.search) terms.push(sql`(${contains(sql`c.cust_name`, q.search)} or ${contains(sql`c.cust_no`, q.search)})`);
  if (q.filters.status !== undefined) terms.push(q.filters.status === 1 ? sql`c.status = 1` : sql`c.status <> 1`);
  if (q.filters.currency !== undefined) terms.push(sql`c.currency = ${q.filters.currency}`);
  const where = sql.join(terms, sql` and `);
  return countedList(db, q, countMax, {
    rows: () =>
      rowsOf<{ label: string; value: number; currency: number; program: number; status: number }>(
        db,
        sql`select c.cust_name as label, c.cust_no as value, c.currency, c.program, c.status from customers c where ${where}
          order by ${orderSql(q.sort, { label: sql`lower(c.cust_name)`, value: sql`c.cust_no` }, sql`c.cust_no`)}
          limit ${q.page.size} offset ${offsetOf(q.page)}`,
      ),
    from: sql`from customers c where ${where}`,
  });
}

// ---------------------------------------------------------------------------------------------------------
// Writes

type CustsAddBody = z.output<typeof custsAddBodySchema>;
const field = (name: string) => `fc_loyalty_cust.${name}`;

/**
 * POST /fc-common-api/loyalty/custs_add: an active customer, an active template of the customer's
 * currency, valid dates (section 5), and no open enrolment of the customer in that template whose
 * window overlaps the new one.
 */
export async function addEnrolment(ctx: AppContext, req: FastifyRequest, body: CustsAddBody) {
  const c = body.fc_loyalty_cust;
  const asOf = today();
  const maxYears = ctx.config.LOYALTY_ENROLMENT_MAX_YEARS;
  const dateIssues = enrolmentDateIssues(c.start_date, c.end_date, todayCompact(asOf), maxYears);
  if (dateIssues.length) {
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
  return ctx.db.transaction(async (tx) => {
    // Row lock: two enrolments of one customer at once take turns, so the overlap check below sees the other.
    const [customer] = await tx.select().from(customers).where(eq(customers.custNo, c.cust_no)).limit(1).for('update');
    if (!customer) throw badRequest(EnrolmentCode.CustomerNotFound, `Customer ${c.cust_no} does not exist.`, field('cust_no'));
    if (customer.status === 1)
      throw badRequest(EnrolmentCode.CustomerInactive, `Customer ${c.cust_no} is inactive and cannot be enrolled.`, field('cust_no'));
    if (c.program !== undefined && c.program !== customer.program) {
      throw badRequest('invalid', `Customer ${c.cust_no} belongs to programme ${customer.program}, not ${c.program}.`, field('program'));
    }
    // Share lock: a change or deactivation of the template in progress (program/update, program_deactivate
    // lock it for update) is waited for and seen; and a change started meanwhile sees this enrolment (ALP30).
    const [template] = await tx
      .select()
      .from(loyaltyPrograms)
      .where(eq(loyaltyPrograms.loyaltyProgramSeq, c.loyalty_program_seq))
      .limit(1)
      .for('share');
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
    const overlapping = await rowsOf<{ seq: number }>(
      tx,
      sql`select f.cust_loyalty_program_seq as seq from (${enrolmentFiguresSql(asOf, sql`e.cust_no = ${c.cust_no} and e.loyalty_program_seq = ${c.loyalty_program_seq}`)}) f
        where f.loyalty_program_status in ('Pre Enrolled', 'Enrolled', 'Pending Reconciliation')
          and f.start_date::date <= ${end}::date and f.end_date::date >= ${start}::date limit 1`,
    );
    if (overlapping.length) {
      throw badRequest(
        EnrolmentCode.AlreadyEnrolled,
        `Customer ${c.cust_no} is already enrolled in ${template.name} for part of these dates.`,
        field('loyalty_program_seq'),
      );
    }
    const [row] = await tx
      .insert(loyaltyEnrolments)
      .values({
        custNo: c.cust_no,
        loyaltyProgramSeq: c.loyalty_program_seq,
        startDate: start,
        endDate: end,
        status: initialEnrolmentStatus(c.start_date, todayCompact(asOf)),
        modifiedBy: actor(req),
      })
      .returning();
    await audit(tx, req, { entity: 'loyalty_enrolment', entityId: row!.custLoyaltyProgramSeq, action: 'create', after: row });
    return row!;
  });
}

/** POST /fc-common-api/loyalty/custs_del: only an enrolled or pre-enrolled enrolment may be unenrolled. */
export async function unenrol(ctx: AppContext, req: FastifyRequest, seq: number) {
  return ctx.db.transaction(async (tx) => {
    const [f] = await rowsOf<{ loyalty_program_status: string }>(
      tx,
      sql`select f.loyalty_program_status from (${enrolmentFiguresSql(today(), sql`e.cust_loyalty_program_seq = ${seq}`)}) f`,
    );
    if (!f) throw new AppError(404, EnrolmentCode.EnrolmentNotFound, `Enrolment ${seq} does not exist.`, 'cust_loyalty_program_seq');
    if (!isEnrolled(f.loyalty_program_status)) {
      throw badRequest(
        EnrolmentCode.NotEnrolled,
        `Only an enrolled or pre-enrolled customer can be unenrolled (this enrolment is ${f.loyalty_program_status}).`,
        'cust_loyalty_program_seq',
      );
    }
    const [before] = await tx.select().from(loyaltyEnrolments).where(eq(loyaltyEnrolments.custLoyaltyProgramSeq, seq));
    await unenrolEnrolments(tx, [seq], actor(req), today());
    const [after] = await tx
      .select()
      .from(loyaltyEnrolments)
      .where(and(eq(loyaltyEnrolments.custLoyaltyProgramSeq, seq)));
    await audit(tx, req, { entity: 'loyalty_enrolment', entityId: seq, action: 'unenrol', before, after });
  });
}
