import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { customerOptionsQuerySchema, EnrolmentSortField, enrolmentListQuerySchema } from '@fc/contract/loyalty';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { cursorRows } from '../../db/cursor';
import { customers, loyaltyEnrolments, loyaltyPrograms } from '../../db/schema/index';
import { contains, offsetOf } from '../../http/list';
import { enrolmentBaseSql, enrolmentFiguresSql, today } from '../loyalty-engine/index';
import { countedList, limitOffset, num, orderSql, rowsOf, type ListPage } from './shared';

/**
 * The enrolments' SQL (LOY-05 to LOY-09): the list and its export, the customer options, and the reads and
 * writes of enrolling and unenrolling. The computed columns come from the rebate engine's SQL.
 */

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
      rows: (await rowsOf<EnrolmentSqlRow>(db, enrolmentListSql(q, page).statement)).map(enrolmentRow),
      total: 0,
      estimated: false,
    };
  const { statement, from } = enrolmentListSql(q, undefined);
  return countedList(db, q, countMax, { rows: async () => (await rowsOf<EnrolmentSqlRow>(db, statement)).map(enrolmentRow), from });
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

/** A row of the list as the route sends it (camelCase; its wire names are the contract's enrolmentAttributes). */
export function enrolmentRow(r: EnrolmentSqlRow) {
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

/** Every row of the list in its order, read through a cursor (the CSV export). */
export async function* enrolmentExportRows(database: Database, q: EnrolmentListQuery) {
  for await (const r of cursorRows<EnrolmentSqlRow>(database, enrolmentListSql(q, 'all').statement)) yield enrolmentRow(r);
}

// ---------------------------------------------------------------------------------------------------------
// Enrolling and unenrolling

/** The customer, locked: two enrolments of one customer at once take turns, so the overlap check sees the other. */
export async function lockedCustomer(tx: Tx, custNo: number) {
  const [customer] = await tx.select().from(customers).where(eq(customers.custNo, custNo)).limit(1).for('update');
  return customer;
}

/**
 * The template, share-locked: a change or deactivation in progress (program/update, program_deactivate lock
 * it for update) is waited for and seen; and a change started meanwhile sees the new enrolment (ALP30).
 */
export async function sharedTemplate(tx: Tx, seq: number) {
  const [template] = await tx.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.loyaltyProgramSeq, seq)).limit(1).for('share');
  return template;
}

/** Whether an open enrolment of the customer in the template overlaps start..end (YYYY-MM-DD). */
export async function overlapsOpenEnrolment(tx: Tx, asOf: string, custNo: number, templateSeq: number, start: string, end: string) {
  const found = await rowsOf<{ seq: number }>(
    tx,
    sql`select f.cust_loyalty_program_seq as seq from (${enrolmentFiguresSql(asOf, sql`e.cust_no = ${custNo} and e.loyalty_program_seq = ${templateSeq}`)}) f
      where f.loyalty_program_status in ('Pre Enrolled', 'Enrolled', 'Pending Reconciliation')
        and f.start_date::date <= ${end}::date and f.end_date::date >= ${start}::date limit 1`,
  );
  return found.length > 0;
}

export async function insertEnrolment(tx: Tx, values: typeof loyaltyEnrolments.$inferInsert) {
  const [row] = await tx.insert(loyaltyEnrolments).values(values).returning();
  return row!;
}

/** The status a reader sees today, or undefined when there is no such enrolment. */
export async function effectiveEnrolmentStatus(tx: Tx, seq: number): Promise<string | undefined> {
  const [f] = await rowsOf<{ loyalty_program_status: string }>(
    tx,
    sql`select f.loyalty_program_status from (${enrolmentFiguresSql(today(), sql`e.cust_loyalty_program_seq = ${seq}`)}) f`,
  );
  return f?.loyalty_program_status;
}

/** The stored enrolment (the audit record's before and after). */
export async function enrolmentRecord(tx: Tx, seq: number) {
  const [row] = await tx
    .select()
    .from(loyaltyEnrolments)
    .where(and(eq(loyaltyEnrolments.custLoyaltyProgramSeq, seq)));
  return row;
}
