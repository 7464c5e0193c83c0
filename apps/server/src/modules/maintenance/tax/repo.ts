import { and, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@fc/contract';
import type { TaxSortField } from '@fc/contract/maintenance';
import type { Tx } from '../../../db/client';
import { custTaxRates, customerLocations, customers } from '../../../db/schema/index';
import { contains, offsetOf, orderBy, pageAndCount } from '../../../http/list';
import { csvCell } from '../../../http/csv';

/** A customer location may be listed more than once; its first row gives the city and state. */
const locationOf = (column: 'city' | 'state') =>
  sql<
    string | null
  >`(select cl.${sql.raw(column)} from ${customerLocations} cl where cl.cust_no = ${custTaxRates.custNo} and cl.location = ${custTaxRates.custLocation} order by cl.id limit 1)`;

const columns = {
  // Names are sorted as people read them: 'acme' between 'Able' and 'Bolt', not after 'Zulu'.
  name: sql`lower(${customers.custName})`,
  cust_no: custTaxRates.custNo,
  location: custTaxRates.custLocation,
  city: locationOf('city'),
  state: locationOf('state'),
  tax_rate: custTaxRates.taxRate,
  effective_date: custTaxRates.effectiveDate,
  expiry_date: custTaxRates.expiryDate,
} satisfies Record<TaxSortField, unknown>;

export type TaxListQuery = ListQuery<TaxSortField, { name?: string; cust_no?: string; location?: string }>;

/** The list's filters: case-insensitive contains on name, number and location. */
function taxWhere(q: TaxListQuery) {
  const where: SQL[] = [];
  if (q.filters.name) where.push(contains(customers.custName, q.filters.name));
  if (q.filters.cust_no) where.push(contains(custTaxRates.custNo, q.filters.cust_no));
  if (q.filters.location) where.push(contains(custTaxRates.custLocation, q.filters.location));
  return where.length ? and(...where) : undefined;
}

/** A page of tax rates, filtered, sorted and paged in SQL, with its count. */
export async function taxRatePage(db: Tx, q: TaxListQuery, countMax: number) {
  const condition = taxWhere(q);
  return pageAndCount(db, {
    page: q.page,
    exact: q.exactCount,
    max: countMax,
    matching: sql`select 1 from ${custTaxRates} join ${customers} on ${customers.custNo} = ${custTaxRates.custNo} where ${condition ?? sql`true`}`,
    rows: () =>
      db
        .select({
          seq: custTaxRates.custTaxRateSeq,
          name: customers.custName,
          custNo: custTaxRates.custNo,
          program: custTaxRates.program,
          location: custTaxRates.custLocation,
          city: columns.city,
          state: columns.state,
          taxRate: custTaxRates.taxRate,
          effectiveDate: custTaxRates.effectiveDate,
          expiryDate: custTaxRates.expiryDate,
        })
        .from(custTaxRates)
        .innerJoin(customers, eq(customers.custNo, custTaxRates.custNo))
        .where(condition)
        .orderBy(...orderBy(q.sort, columns, custTaxRates.custTaxRateSeq))
        .limit(q.page.size)
        .offset(offsetOf(q.page)),
    count: async () =>
      (
        await db.select({ n: count() }).from(custTaxRates).innerJoin(customers, eq(customers.custNo, custTaxRates.custNo)).where(condition)
      )[0]?.n ?? 0,
  });
}

const ymd = (column: SQL) => sql`to_char(${column}, 'MM/DD/YYYY')`;

/** The CSV export's columns: the list's, dates as the page shows them (MM/DD/YYYY), text cells formula-safe. */
export const taxCsvColumns = (): { header: string; cell: SQL }[] => [
  { header: 'name', cell: csvCell(sql`${customers.custName}`) },
  { header: 'cust_no', cell: sql`${custTaxRates.custNo}::text` },
  { header: 'program', cell: sql`${custTaxRates.program}::text` },
  { header: 'location', cell: csvCell(sql`${custTaxRates.custLocation}`) },
  { header: 'city', cell: csvCell(columns.city) },
  { header: 'state', cell: csvCell(columns.state) },
  { header: 'tax_rate', cell: sql`${custTaxRates.taxRate}::text` },
  { header: 'effective_date', cell: ymd(sql`${custTaxRates.effectiveDate}`) },
  { header: 'expiry_date', cell: ymd(sql`${custTaxRates.expiryDate}`) },
];

/** FROM, WHERE and ORDER BY of the export: the list's filters and sort, without paging. */
export function taxCsvFrom(q: TaxListQuery): SQL {
  return sql`from ${custTaxRates} inner join ${customers} on ${customers.custNo} = ${custTaxRates.custNo}
    where ${taxWhere(q) ?? sql`true`} order by ${sql.join(orderBy(q.sort, columns, custTaxRates.custTaxRateSeq), sql`, `)}`;
}

/** Other rates of the location whose period [effective, expiry] (no expiry: open ended) meets the given one. */
export async function overlapping(tx: Tx, key: { custNo: number; location: string }, from: string, to: string | null, exceptSeq?: number) {
  const [row] = await tx
    .select({ seq: custTaxRates.custTaxRateSeq, effectiveDate: custTaxRates.effectiveDate, expiryDate: custTaxRates.expiryDate })
    .from(custTaxRates)
    .where(
      and(
        eq(custTaxRates.custNo, key.custNo),
        eq(custTaxRates.custLocation, key.location),
        exceptSeq === undefined ? undefined : ne(custTaxRates.custTaxRateSeq, exceptSeq),
        sql`daterange(${custTaxRates.effectiveDate}, ${custTaxRates.expiryDate}, '[]') && daterange(${from}::date, ${to}::date, '[]')`,
      ),
    )
    .limit(1);
  return row;
}

/**
 * The customer's row, locked until the transaction ends: the lock that serializes the adds and expires of one
 * customer's rates.
 */
export async function lockCustomer(tx: Tx, custNo: number) {
  const [customer] = await tx
    .select({ custNo: customers.custNo, program: customers.program, status: customers.status, subGroupKey: customers.subGroupKey })
    .from(customers)
    .where(eq(customers.custNo, custNo))
    .for('update');
  return customer;
}

export async function hasLocation(tx: Tx, custNo: number, location: string) {
  const [row] = await tx
    .select({ id: customerLocations.id })
    .from(customerLocations)
    .where(and(eq(customerLocations.custNo, custNo), eq(customerLocations.location, location)))
    .limit(1);
  return !!row;
}

export async function insertTaxRate(tx: Tx, values: typeof custTaxRates.$inferInsert) {
  const [row] = await tx.insert(custTaxRates).values(values).returning();
  return row!;
}

/** A rate, locked until the transaction ends. */
export async function lockTaxRate(tx: Tx, seq: number) {
  const [rate] = await tx.select().from(custTaxRates).where(eq(custTaxRates.custTaxRateSeq, seq)).for('update');
  return rate;
}

export async function setExpiry(tx: Tx, seq: number, expiry: string) {
  const [row] = await tx
    .update(custTaxRates)
    .set({ expiryDate: expiry, updatedAt: sql`now()` })
    .where(eq(custTaxRates.custTaxRateSeq, seq))
    .returning();
  return row!;
}
