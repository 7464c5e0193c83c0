import { sql } from 'drizzle-orm';
import { effectiveStatus, EnrolmentStatus } from '@fc/contract/loyalty';
import type { Tx } from '../db/client';
import { loyaltyBundles, loyaltyEnrolments, loyaltyItemCodes, loyaltyMilestones, loyaltyPrograms } from '../db/schema/index';
import { runLifecycle, today, unenrolEnrolments } from '../modules/loyalty-engine/index';

/** Item codes of the demo bundles (5 characters, rule LOY-21) and the codes in no bundle. */
export const DEMO_ITEM_CODES = {
  brakes: ['BRK01', 'BRK02', 'BRK03', 'BRK04', 'BRK05', 'BRK06', 'BRK07', 'BRK08'],
  filters: ['FLT01', 'FLT02', 'FLT03', 'FLT04', 'FLT05', 'FLT06'],
  tyres: ['TIR01', 'TIR02', 'TIR03', 'TIR04', 'BAT01', 'BAT02'],
  other: ['ENG01', 'ENG02', 'ENG03', 'ENG04', 'ENG05', 'LGT01', 'LGT02', 'LGT03'],
} as const;

const DESCRIPTIONS: Record<string, string> = {
  BRK: 'Brake part',
  FLT: 'Filter',
  TIR: 'Tyre',
  BAT: 'Battery',
  ENG: 'Engine part',
  LGT: 'Lighting',
};

/** Days from `day` (YYYY-MM-DD), as YYYY-MM-DD. */
function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The loyalty demo (issue 9): three bundles, four templates (USD and CAD; Include, Exclude and no bundle;
 * rate and cap milestones), two years of purchases for customers 10001 (USD) and 10002 (CAD), and
 * enrolments in every status and card mode (Not Reconciled for the inactive customer 10003). Dates are relative to the day of seeding, so the demo stays
 * meaningful whenever it is loaded. Deterministic: the same day gives the same rows.
 */
export async function seedLoyalty(tx: Tx) {
  const day = today();
  const by = 'seed';

  const bundles = await tx
    .insert(loyaltyBundles)
    .values([
      { name: 'Brake and friction parts', description: 'Pads, shoes, drums and rotors', modifiedBy: by },
      { name: 'Filters and fluids', description: 'Oil, fuel and air filters', modifiedBy: by },
      { name: 'Tyres and batteries', description: 'Excluded from the fleet programmes', modifiedBy: by },
    ])
    .returning({ seq: loyaltyBundles.bundleSeq });
  const [brakes, filters, tyres] = bundles.map((b) => b.seq) as [number, number, number];

  const codes = (bundleSeq: number, list: readonly string[]) =>
    list.map((itemCode) => ({
      bundleSeq,
      itemCode,
      description: `${DESCRIPTIONS[itemCode.slice(0, 3)]} ${itemCode.slice(3)}`,
      modifiedBy: by,
    }));
  await tx
    .insert(loyaltyItemCodes)
    .values([...codes(brakes, DEMO_ITEM_CODES.brakes), ...codes(filters, DEMO_ITEM_CODES.filters), ...codes(tyres, DEMO_ITEM_CODES.tyres)]);

  const programs = await tx
    .insert(loyaltyPrograms)
    .values([
      { name: 'Brake Rewards', currencyConfig: 0, bundleSeq: brakes, bundleType: 'Include', modifiedBy: by },
      { name: 'Fleet Max', currencyConfig: 0, bundleSeq: tyres, bundleType: 'Exclude', modifiedBy: by },
      { name: 'All Parts CAD', currencyConfig: 1, modifiedBy: by },
      { name: 'Filter Focus CAD', currencyConfig: 1, bundleSeq: filters, bundleType: 'Include', modifiedBy: by },
    ])
    .returning({ seq: loyaltyPrograms.loyaltyProgramSeq });
  const [brakeRewards, fleetMax, allPartsCad, filterFocus] = programs.map((p) => p.seq) as [number, number, number, number];

  const rate = (loyaltyProgramSeq: number, milestoneNo: number, amount: string, r: string) => ({
    loyaltyProgramSeq,
    milestoneNo,
    amount,
    rate: r,
    cap: null,
  });
  const cap = (loyaltyProgramSeq: number, milestoneNo: number, amount: string, c: string) => ({
    loyaltyProgramSeq,
    milestoneNo,
    amount,
    rate: null,
    cap: c,
  });
  await tx
    .insert(loyaltyMilestones)
    .values([
      rate(brakeRewards, 1, '5000.00', '0.020000'),
      rate(brakeRewards, 2, '15000.00', '0.030000'),
      rate(brakeRewards, 3, '30000.00', '0.040000'),
      rate(fleetMax, 1, '10000.00', '0.015000'),
      rate(fleetMax, 2, '25000.00', '0.025000'),
      cap(fleetMax, 3, '45000.00', '1800.00'),
      cap(allPartsCad, 1, '8000.00', '150.00'),
      cap(allPartsCad, 2, '20000.00', '500.00'),
      cap(allPartsCad, 3, '40000.00', '1200.00'),
      rate(filterFocus, 1, '3000.00', '0.020000'),
      rate(filterFocus, 2, '9000.00', '0.035000'),
    ]);

  // Two purchases a day per customer over two years (1,460 rows each), amounts 20.00 to 219.90, item codes
  // cycling through every code (11 is prime to the 28 codes); one in 25 in the other currency.
  // generate_series keeps it one statement per customer.
  const allCodes = [...DEMO_ITEM_CODES.brakes, ...DEMO_ITEM_CODES.filters, ...DEMO_ITEM_CODES.tyres, ...DEMO_ITEM_CODES.other];
  const codeArray = `{${allCodes.join(',')}}`;
  // Desert Rigs (10003) bought until its account was put on hold (inactive) 300 days ago.
  for (const [custNo, home, count, lastDay] of [
    [10001, 0, 1_460, 0],
    [10002, 1, 1_460, 0],
    [10004, 0, 300, 0],
    [10003, 0, 600, 300],
  ] as const) {
    await tx.execute(sql`
      insert into transactions (cust_no, trx_date, invoice, item_code, amount, currency)
      select ${custNo}::int,
             ${day}::date - ${lastDay}::int - (g / 2),
             'INV' || ${custNo} || '-' || lpad(g::text, 5, '0'),
             (${codeArray}::text[])[1 + (g * 11 + ${custNo}::int) % ${allCodes.length}::int],
             (20 + ((g * 7919 + ${custNo}::int * 104729) % 2000) / 10.0)::numeric(14, 2),
             (case when g % 25 = 0 then ${1 - home}::int else ${home}::int end)::smallint
        from generate_series(0, ${count - 1}) g`);
  }

  const enrol = (custNo: number, loyaltyProgramSeq: number, startOffset: number, endOffset: number) => {
    const startDate = addDays(day, startOffset);
    const endDate = addDays(day, endOffset);
    return {
      custNo,
      loyaltyProgramSeq,
      startDate,
      endDate,
      status: effectiveStatus(EnrolmentStatus.Enrolled, startDate, endDate, day),
      modifiedBy: by,
    };
  };
  const enrolments = await tx
    .insert(loyaltyEnrolments)
    .values([
      // 10001 (USD): running, starting later, waiting for reconciliation, reconciled three ways, unenrolled.
      enrol(10001, brakeRewards, -120, 240),
      enrol(10001, fleetMax, 30, 395),
      enrol(10001, fleetMax, -380, -10),
      enrol(10001, fleetMax, -730, -366),
      enrol(10001, brakeRewards, -500, -135),
      enrol(10001, brakeRewards, -700, -670),
      enrol(10001, fleetMax, -200, 165),
      // 10002 (CAD): running, starting later, waiting, reconciled twice.
      enrol(10002, allPartsCad, -60, 300),
      enrol(10002, filterFocus, 15, 380),
      enrol(10002, filterFocus, -200, -5),
      enrol(10002, filterFocus, -560, -200),
      enrol(10002, allPartsCad, -700, -400),
      // 10003 (USD), enrolled while its account was active; the account is inactive now, so the lifecycle
      // reconciles this one to Not Reconciled: there is no account to credit, corporate settles it by hand.
      enrol(10003, brakeRewards, -640, -320),
    ])
    .returning({ seq: loyaltyEnrolments.custLoyaltyProgramSeq });
  const seqs = enrolments.map((e) => e.seq);

  // Every status comes from the engine's own rules: the dates, the lifecycle run (which reconciles by
  // payout and by the customer's account status) and an unenrolment as corporate would make it.
  await runLifecycle(tx, day);
  await unenrolEnrolments(tx, [seqs[6]!], 'corp', day);
}
