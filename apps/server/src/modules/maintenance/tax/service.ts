import { todayYyyymmdd } from '@fc/contract';
import { PROGRAMS, TaxCode, type TaxCreate, type TaxExpire } from '@fc/contract/maintenance';
import type { AppContext } from '../../../context';
import { audit, type Actor } from '../../../audit/audit';
import { badRequest, validationErrors } from '../../../http/errors';
import {
  hasLocation,
  insertTaxRate,
  lockCustomer,
  lockTaxRate,
  overlapping,
  setExpiry,
  taxCsvColumns,
  taxCsvFrom,
  taxRatePage,
  type TaxListQuery,
} from './repo';

export type { TaxListQuery } from './repo';

/** YYYYMMDD to the ISO date PostgreSQL takes. */
const iso = (ymd: string) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;

/**
 * The tax rates, filtered (case-insensitive contains on name, number and location), sorted and paged.
 * Every dealer sees every customer's rates (docs/decisions/0061-tax-rates-for-every-dealer.md).
 */
export function listTaxRates(ctx: AppContext, q: TaxListQuery) {
  return taxRatePage(ctx.db, q, ctx.config.LIST_EXACT_COUNT_MAX);
}

/** The export of the list's filters and sort, without paging: its columns and its FROM clause. */
export const taxRatesExport = (q: TaxListQuery) => ({ columns: taxCsvColumns(), from: taxCsvFrom(q) });

/**
 * Adds a rate for a customer location: an active customer (AET01, AET02) of that programme (AET13,
 * AET18) with a subgroup (AET17) and that location (AET03), a rate of at most 6 decimals (AET04), dates not in the past
 * (AET15), the expiry not before the effective date (AET12), and no overlap with the location's other
 * rates (AET11). The customer row is locked so that two adds for one customer cannot both pass.
 */
export async function createTaxRate(ctx: AppContext, actor: Actor, input: TaxCreate, today = todayYyyymmdd()) {
  return ctx.db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, input.cust_no);
    if (!customer) throw badRequest(TaxCode.CustNoNotFound, `Customer number ${input.cust_no} does not exist.`, 'cust_no');
    if (customer.status !== 0) throw badRequest(TaxCode.CustNoInactive, `Customer ${input.cust_no} is not active.`, 'cust_no');
    if (!(PROGRAMS as readonly number[]).includes(input.program))
      throw badRequest(TaxCode.Program, `Program ${input.program} is not a programme of the portal.`, 'program');
    if (customer.program !== input.program)
      throw badRequest(TaxCode.ProgramMapping, `Customer ${input.cust_no} is not in program ${input.program}.`, 'program');
    // A customer without a subgroup (sub_group_key 0) has no location scheme: no rate per location (AET17).
    if (customer.subGroupKey === 0)
      throw badRequest(TaxCode.SubgroupNotFound, `Customer ${input.cust_no} has no subgroup, so no location to keep a tax rate for.`);
    if (!(await hasLocation(tx, input.cust_no, input.cust_location)))
      throw badRequest(TaxCode.Location, `Customer ${input.cust_no} has no location ${input.cust_location}.`, 'cust_location');
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
    const row = await insertTaxRate(tx, {
      custNo: input.cust_no,
      program: input.program,
      custLocation: input.cust_location,
      taxRate: String(input.tax_rate),
      effectiveDate: effective,
      expiryDate: expiry,
      createdBy: actor.username,
    });
    await audit(tx, actor, { entity: 'cust_tax_rate', entityId: row.custTaxRateSeq, action: 'create', after: row });
    return row;
  });
}

/**
 * Sets the expiry date of a rate that is not expired yet (AET14): not in the past (AET15), not before
 * its effective date (AET12), and not reaching into the location's next rate (AET09).
 */
export async function expireTaxRate(ctx: AppContext, actor: Actor, input: TaxExpire, today = todayYyyymmdd()) {
  return ctx.db.transaction(async (tx) => {
    const rate = await lockTaxRate(tx, input.cust_tax_rate_seq);
    if (!rate) throw badRequest(TaxCode.Seq, `There is no tax rate ${input.cust_tax_rate_seq}.`, 'cust_tax_rate_seq');
    // The customer row is the lock createTaxRate takes: an add and an expire of one customer are serialized,
    // so a later expiry cannot reach into a rate added at the same moment (and the reverse).
    await lockCustomer(tx, rate.custNo);
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
    const row = await setExpiry(tx, rate.custTaxRateSeq, expiry);
    await audit(tx, actor, {
      entity: 'cust_tax_rate',
      entityId: rate.custTaxRateSeq,
      action: 'expire',
      before: { expiry_date: rate.expiryDate },
      after: { expiry_date: row.expiryDate },
    });
    return row;
  });
}
