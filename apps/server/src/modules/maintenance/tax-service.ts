import type { FastifyRequest } from 'fastify';
import { and, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import { todayYyyymmdd } from '@fc/contract';
import { PROGRAMS, TaxCode, type TaxCreate, type TaxExpire, type TaxSortField } from '@fc/contract/maintenance';
import type { ListQuery } from '@fc/contract';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { audit } from '../../audit/audit';
import { custTaxRates, customerLocations, customers } from '../../db/schema/index';
import { badRequest, validationErrors } from '../../http/errors';
import { contains, offsetOf, orderBy, pageAndCount } from '../../http/list';
import { csvCell } from '../../http/csv';

/** YYYYMMDD to the ISO date PostgreSQL takes. */
const iso = (ymd: string) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;

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

/**
 * The tax rates, filtered (case-insensitive contains on name, number and location), sorted and paged in
 * SQL. Every dealer sees every customer's rates (docs/decisions/0061-tax-rates-for-every-dealer.md).
 */
function taxWhere(q: TaxListQuery) {
  const where: SQL[] = [];
  if (q.filters.name) where.push(contains(customers.custName, q.filters.name));
  if (q.filters.cust_no) where.push(contains(custTaxRates.custNo, q.filters.cust_no));
  if (q.filters.location) where.push(contains(custTaxRates.custLocation, q.filters.location));
  return where.length ? and(...where) : undefined;
}

export async function listTaxRates(db: Tx, q: TaxListQuery, countMax: number) {
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
async function overlapping(tx: Tx, key: { custNo: number; location: string }, from: string, to: string | null, exceptSeq?: number) {
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
 * Adds a rate for a customer location: an active customer (AET01, AET02) of that programme (AET13,
 * AET18) with a subgroup (AET17) and that location (AET03), a rate of at most 6 decimals (AET04), dates not in the past
 * (AET15), the expiry not before the effective date (AET12), and no overlap with the location's other
 * rates (AET11). The customer row is locked so that two adds for one customer cannot both pass.
 */
export async function createTaxRate(ctx: AppContext, req: FastifyRequest, input: TaxCreate, today = todayYyyymmdd()) {
  return ctx.db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ custNo: customers.custNo, program: customers.program, status: customers.status, subGroupKey: customers.subGroupKey })
      .from(customers)
      .where(eq(customers.custNo, input.cust_no))
      .for('update');
    if (!customer) throw badRequest(TaxCode.CustNoNotFound, `Customer number ${input.cust_no} does not exist.`, 'cust_no');
    if (customer.status !== 0) throw badRequest(TaxCode.CustNoInactive, `Customer ${input.cust_no} is not active.`, 'cust_no');
    if (!(PROGRAMS as readonly number[]).includes(input.program))
      throw badRequest(TaxCode.Program, `Program ${input.program} is not a programme of the portal.`, 'program');
    if (customer.program !== input.program)
      throw badRequest(TaxCode.ProgramMapping, `Customer ${input.cust_no} is not in program ${input.program}.`, 'program');
    // A customer without a subgroup (sub_group_key 0) has no location scheme: no rate per location (AET17).
    if (customer.subGroupKey === 0)
      throw badRequest(TaxCode.SubgroupNotFound, `Customer ${input.cust_no} has no subgroup, so no location to keep a tax rate for.`);
    const [location] = await tx
      .select({ id: customerLocations.id })
      .from(customerLocations)
      .where(and(eq(customerLocations.custNo, input.cust_no), eq(customerLocations.location, input.cust_location)))
      .limit(1);
    if (!location) throw badRequest(TaxCode.Location, `Customer ${input.cust_no} has no location ${input.cust_location}.`, 'cust_location');
    if (Math.round(input.tax_rate * 1_000_000) / 1_000_000 !== input.tax_rate)
      throw badRequest(TaxCode.TaxRate, 'The tax rate has more than 6 decimals.', 'tax_rate');
    const past: { code: string; detail: string; field: string }[] = [];
    if (input.effective_date < today)
      past.push({ code: TaxCode.PastDate, detail: 'The effective date is in the past.', field: 'effective_date' });
    if (input.expiry_date && input.expiry_date < today)
      past.push({ code: TaxCode.PastDate, detail: 'The expiry date is in the past.', field: 'expiry_date' });
    if (past.length) throw validationErrors(past);
    if (input.expiry_date && input.expiry_date < input.effective_date)
      throw badRequest(TaxCode.ExpiryDate, 'The expiry date is before the effective date.', 'expiry_date');
    const effective = iso(input.effective_date);
    const expiry = input.expiry_date ? iso(input.expiry_date) : null;
    const clash = await overlapping(tx, { custNo: input.cust_no, location: input.cust_location }, effective, expiry);
    if (clash) {
      const detail = `Location ${input.cust_location} already has a rate from ${clash.effectiveDate}${clash.expiryDate ? ` to ${clash.expiryDate}` : ''}.`;
      throw validationErrors([
        { code: TaxCode.PeriodInUse, detail, field: 'effective_date' },
        { code: TaxCode.PeriodInUse, detail, field: 'expiry_date' },
      ]);
    }
    const [row] = await tx
      .insert(custTaxRates)
      .values({
        custNo: input.cust_no,
        program: input.program,
        custLocation: input.cust_location,
        taxRate: String(input.tax_rate),
        effectiveDate: effective,
        expiryDate: expiry,
        createdBy: req.principal?.username ?? null,
      })
      .returning();
    await audit(tx, req, { entity: 'cust_tax_rate', entityId: row!.custTaxRateSeq, action: 'create', after: row });
    return row!;
  });
}

/**
 * Sets the expiry date of a rate that is not expired yet (AET14): not in the past (AET15), not before
 * its effective date (AET12), and not reaching into the location's next rate (AET09).
 */
export async function expireTaxRate(ctx: AppContext, req: FastifyRequest, input: TaxExpire, today = todayYyyymmdd()) {
  return ctx.db.transaction(async (tx) => {
    const [rate] = await tx.select().from(custTaxRates).where(eq(custTaxRates.custTaxRateSeq, input.cust_tax_rate_seq)).for('update');
    if (!rate) throw badRequest(TaxCode.Seq, `There is no tax rate ${input.cust_tax_rate_seq}.`, 'cust_tax_rate_seq');
    // The customer row is the lock createTaxRate takes: an add and an expire of one customer are serialized,
    // so a later expiry cannot reach into a rate added at the same moment (and the reverse).
    await tx.select({ custNo: customers.custNo }).from(customers).where(eq(customers.custNo, rate.custNo)).for('update');
    if (rate.expiryDate && rate.expiryDate.replace(/-/g, '') < today)
      throw badRequest(TaxCode.Seq, `Tax rate ${input.cust_tax_rate_seq} has already expired.`, 'cust_tax_rate_seq');
    if (input.expiry_date < today) throw badRequest(TaxCode.PastDate, 'The expiry date is in the past.', 'expiry_date');
    const expiry = iso(input.expiry_date);
    if (expiry < rate.effectiveDate)
      throw badRequest(TaxCode.ExpiryDate, `The expiry date is before the effective date ${rate.effectiveDate}.`, 'expiry_date');
    const clash = await overlapping(
      tx,
      { custNo: rate.custNo, location: rate.custLocation },
      rate.effectiveDate,
      expiry,
      rate.custTaxRateSeq,
    );
    if (clash)
      throw badRequest(
        TaxCode.ExpiryInUse,
        `Location ${rate.custLocation} has another rate from ${clash.effectiveDate}; expire this one before that date.`,
        'expiry_date',
      );
    const [row] = await tx
      .update(custTaxRates)
      .set({ expiryDate: expiry, updatedAt: sql`now()` })
      .where(eq(custTaxRates.custTaxRateSeq, rate.custTaxRateSeq))
      .returning();
    await audit(tx, req, {
      entity: 'cust_tax_rate',
      entityId: rate.custTaxRateSeq,
      action: 'expire',
      before: { expiry_date: rate.expiryDate },
      after: { expiry_date: row!.expiryDate },
    });
    return row!;
  });
}
