import { count, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { coreParts, custTaxRates, customerLocations, estesParts, parts } from '../db/schema/index';

/** Parts that the maintenance demo data and the core template's example row name. */
export const MAINTENANCE_DEMO_PARTS: (typeof parts.$inferInsert)[] = [
  { partNo: '3544390C91', description: 'Brake shoe kit, core', programPrice: '84.50', isCore: true },
  { partNo: '2505384C1', description: 'Air dryer cartridge', programPrice: '42.10' },
  { partNo: '1693744C1', description: 'Oil filter', programPrice: '11.25' },
  { partNo: '3601520C91', description: 'Starter motor, core', programPrice: '212.00', isCore: true },
  { partNo: 'FLT-2000', description: 'Fuel filter element', programPrice: '18.40' },
  { partNo: 'ALT-12V/160', description: 'Alternator 12 V 160 A, core', programPrice: '189.99', isCore: true },
];

/** Locations (3-digit codes) of the demo customers, which tax rates are set for. */
export const MAINTENANCE_DEMO_LOCATIONS: (typeof customerLocations.$inferInsert)[] = [
  { custNo: 10001, location: '001', city: 'Lisle', state: 'IL' },
  { custNo: 10001, location: '002', city: 'Chicago', state: 'IL' },
  { custNo: 10002, location: '001', city: 'Toronto', state: 'ON' },
  { custNo: 10003, location: '001', city: 'Phoenix', state: 'AZ' },
  { custNo: 10004, location: '001', city: 'Madison', state: 'WI' },
  { custNo: 10004, location: '002', city: 'Milwaukee', state: 'WI' },
];

const isoDaysFromToday = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
};

/**
 * Demo data of parts mapping, tax configuration and core management. Each insert leaves existing rows
 * alone, and tables that already hold rows are not seeded again, so running the seed twice adds nothing.
 */
export async function seedMaintenance(tx: Tx) {
  await tx.insert(parts).values(MAINTENANCE_DEMO_PARTS).onConflictDoNothing();

  for (const l of MAINTENANCE_DEMO_LOCATIONS) {
    await tx.execute(sql`
      insert into ${customerLocations} (cust_no, location, city, state)
      select ${l.custNo}, ${l.location}, ${l.city ?? null}, ${l.state ?? null}
      where exists (select 1 from customers where cust_no = ${l.custNo})
        and not exists (select 1 from ${customerLocations} where cust_no = ${l.custNo} and location = ${l.location})`);
  }

  await tx
    .insert(estesParts)
    .values([
      { partNo: '2505384C1', customPartNo: 'EE2505384', createdBy: 'seed' },
      { partNo: '1693744C1', customPartNo: 'EE169374C1', createdBy: 'seed' },
    ])
    .onConflictDoNothing();

  const [taxRows] = await tx.select({ n: count() }).from(custTaxRates);
  if ((taxRows?.n ?? 0) === 0) {
    await tx.insert(custTaxRates).values([
      {
        custNo: 10001,
        program: 96,
        custLocation: '001',
        taxRate: '0.062500',
        effectiveDate: isoDaysFromToday(-400),
        expiryDate: isoDaysFromToday(-31),
        createdBy: 'seed',
      },
      {
        custNo: 10001,
        program: 96,
        custLocation: '001',
        taxRate: '0.072500',
        effectiveDate: isoDaysFromToday(-30),
        expiryDate: null,
        createdBy: 'seed',
      },
      {
        custNo: 10001,
        program: 96,
        custLocation: '002',
        taxRate: '0.102500',
        effectiveDate: isoDaysFromToday(-90),
        expiryDate: isoDaysFromToday(275),
        createdBy: 'seed',
      },
      {
        custNo: 10002,
        program: 94,
        custLocation: '001',
        taxRate: '0.130000',
        effectiveDate: isoDaysFromToday(-200),
        expiryDate: null,
        createdBy: 'seed',
      },
      {
        custNo: 10004,
        program: 96,
        custLocation: '001',
        taxRate: '0.055000',
        effectiveDate: isoDaysFromToday(-10),
        expiryDate: null,
        createdBy: 'seed',
      },
    ]);
  }

  const [coreRows] = await tx.select({ n: count() }).from(coreParts);
  if ((coreRows?.n ?? 0) === 0) {
    await tx.insert(coreParts).values([
      { custNo: 10001, partNo: '3544390C91', effectiveDate: isoDaysFromToday(-60), expiryDate: null, status: 'A', fileType: 0 },
      {
        custNo: 10001,
        partNo: '3601520C91',
        effectiveDate: isoDaysFromToday(-60),
        expiryDate: isoDaysFromToday(300),
        status: 'A',
        fileType: 1,
        // Price Verify rows carry the price they were verified at, at or below the programme price (decision 0082).
        price: '205.00',
      },
      { custNo: 10002, partNo: 'ALT-12V/160', effectiveDate: isoDaysFromToday(-20), expiryDate: null, status: 'I', fileType: 0 },
      {
        custNo: 10004,
        partNo: '3544390C91',
        effectiveDate: isoDaysFromToday(-5),
        expiryDate: null,
        status: 'A',
        fileType: 1,
        price: '84.50',
      },
    ]);
  }
}
