import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { enrolmentFigures as pureFigures, templateFigures as pureTemplateFigures, type Milestone } from '@fc/contract/loyalty';
import { loyaltyEnrolments, loyaltyItemCodes, loyaltyPrograms, transactions } from '../../src/db/schema/index';
import { recountedSpend, rows, runLifecycle, templateFiguresSql, unenrolEnrolments } from '../../src/modules/loyalty-engine/index';
import { createTestContext, type TestContext } from '../helpers/app';
import { seedUsers } from '../helpers/http';
import { addBundle, addProgram, buy, enrol, figures, storedSpend } from './fixtures';

let t: TestContext;

/** 1,000 at 2 %, 2,500 at 3 %, then a 200 cap from 5,000. */
const MILESTONES: Omit<Milestone, 'number'>[] = [
  { amount: 1_000, rate: 0.02, cap: null },
  { amount: 2_500, rate: 0.03, cap: null },
  { amount: 5_000, rate: null, cap: 200 },
];
const numbered = (ms: Omit<Milestone, 'number'>[]): Milestone[] => ms.map((m, i) => ({ ...m, number: i + 1 }));

const START = '2026-01-01';
const END = '2026-06-30';
const AS_OF = '2026-03-15';

let bundle: number;
const seq: Record<'include' | 'exclude' | 'all' | 'cad' | 'capped' | 'noMilestones', number> = {} as never;
const program: Record<keyof typeof seq, number> = {} as never;

beforeAll(async () => {
  t = await createTestContext();
  await seedUsers(t.ctx);
  const db = t.db;
  bundle = await addBundle(db, ['AAA01', 'AAA02']);
  program.include = await addProgram(db, { bundleSeq: bundle, bundleType: 'Include', milestones: MILESTONES });
  program.exclude = await addProgram(db, { bundleSeq: bundle, bundleType: 'Exclude', milestones: MILESTONES });
  program.all = await addProgram(db, { milestones: MILESTONES });
  program.cad = await addProgram(db, { currencyConfig: 1, milestones: MILESTONES });
  program.capped = await addProgram(db, {
    milestones: [
      { amount: 1_000, rate: null, cap: 50 },
      { amount: 3_000, rate: null, cap: 120 },
    ],
  });
  program.noMilestones = await addProgram(db, { milestones: [] });
  // Purchases of customer 10004 around the window 2026-01-01 .. 2026-06-30.
  await buy(db, 10004, [
    { date: '2025-12-31', itemCode: 'AAA01', amount: '500.00' }, // the day before: outside
    { date: '2026-01-01', itemCode: 'AAA01', amount: '600.00' }, // first day: in, in the bundle
    { date: '2026-02-10', itemCode: 'ZZZ99', amount: '700.00' }, // in, not in the bundle
    { date: '2026-03-01', itemCode: 'AAA02', amount: '400.00' }, // in, in the bundle
    { date: '2026-03-02', itemCode: 'AAA01', amount: '300.00', currency: 1 }, // in, but CAD
    { date: '2026-06-30', itemCode: 'ZZZ99', amount: '1500.00' }, // last day: in, not in the bundle
    { date: '2026-07-01', itemCode: 'AAA02', amount: '999.00' }, // the day after: outside
  ]);
  for (const k of Object.keys(program) as (keyof typeof seq)[]) seq[k] = await enrol(db, 10004, program[k], START, END);
});

afterAll(async () => {
  await t?.close();
});

describe('current spend (hand-computed)', () => {
  it.each([
    // Include: 600 + 400 (the bundle's codes, USD, in the window)
    ['include', 1_000],
    // Exclude: 700 + 1,500 (the codes not in the bundle)
    ['exclude', 2_200],
    // No bundle: every USD purchase in the window, first and last day included
    ['all', 3_200],
    // A CAD programme counts only the CAD purchase
    ['cad', 300],
    ['capped', 3_200],
  ] as const)('%s: %d', async (k, spend) => {
    expect(await storedSpend(t.db, seq[k])).toBe(spend);
    expect((await recountedSpend(t.db, [seq[k]])).get(seq[k])).toBe(spend);
  });
});

describe('computed columns (hand-computed)', () => {
  it('include: a spend exactly at the first milestone reaches it', async () => {
    const f = (await figures(t.db, AS_OF, [seq.include])).get(seq.include)!;
    expect(f).toMatchObject({
      loyaltyProgramStatus: 'Enrolled',
      currentSpend: 1_000,
      currentMilestoneNo: 1,
      currentMilestoneRate: 0.02,
      currentMilestoneCap: null,
      nextMilestoneAmount: 2_500,
      spendProgression: 20,
      totalPayout: 20,
      availableCredit: 20,
      currency: 0,
    });
  });

  it('exclude: 2,200 at 2 % pays 44.00', async () => {
    const f = (await figures(t.db, AS_OF, [seq.exclude])).get(seq.exclude)!;
    expect(f).toMatchObject({
      currentSpend: 2_200,
      currentMilestoneNo: 1,
      nextMilestoneAmount: 2_500,
      spendProgression: 44,
      totalPayout: 44,
    });
  });

  it('no bundle: 3,200 at 3 % pays 96.00', async () => {
    const f = (await figures(t.db, AS_OF, [seq.all])).get(seq.all)!;
    expect(f).toMatchObject({
      currentSpend: 3_200,
      currentMilestoneNo: 2,
      currentMilestoneRate: 0.03,
      nextMilestoneAmount: 5_000,
      spendProgression: 64,
      totalPayout: 96,
    });
  });

  it('currency mismatch: the CAD programme is below its first milestone and pays nothing', async () => {
    const f = (await figures(t.db, AS_OF, [seq.cad])).get(seq.cad)!;
    expect(f).toMatchObject({
      currentSpend: 300,
      currentMilestoneNo: null,
      currentMilestoneRate: null,
      nextMilestoneAmount: 1_000,
      spendProgression: 6,
      totalPayout: 0,
      currency: 1,
    });
  });

  it('cap milestones: past the last one it pays the cap, progression 100, no next milestone', async () => {
    const f = (await figures(t.db, AS_OF, [seq.capped])).get(seq.capped)!;
    expect(f).toMatchObject({
      currentMilestoneNo: 2,
      currentMilestoneRate: null,
      currentMilestoneCap: 120,
      nextMilestoneAmount: null,
      spendProgression: 100,
      totalPayout: 120,
    });
  });

  it('a template without milestones: progression 0 and no payout', async () => {
    const f = (await figures(t.db, AS_OF, [seq.noMilestones])).get(seq.noMilestones)!;
    expect(f).toMatchObject({
      currentSpend: 3_200,
      currentMilestoneNo: null,
      nextMilestoneAmount: null,
      spendProgression: 0,
      totalPayout: 0,
    });
  });

  it('status follows the dates on read, whatever is stored', async () => {
    const before = (await figures(t.db, '2025-12-31', [seq.include])).get(seq.include)!;
    const after = (await figures(t.db, '2026-07-01', [seq.include])).get(seq.include)!;
    expect([before.loyaltyProgramStatus, before.storedStatus]).toEqual(['Pre Enrolled', 'Enrolled']);
    expect(after.loyaltyProgramStatus).toBe('Pending Reconciliation');
  });

  it('template figures: spending, goal, payout and active enrollees', async () => {
    const [f] = await rows<Record<string, string | number>>(
      t.db,
      sql`select * from (${templateFiguresSql(AS_OF)}) x where x.loyalty_program_seq = ${program.all}`,
    );
    expect(f).toMatchObject({ milestone_count: 3, active_enrollees: 1 });
    expect([
      Number(f!.total_program_spending),
      Number(f!.template_goal_spend),
      Number(f!.total_payout),
      Number(f!.largest_milestone_amount),
    ]).toEqual([3_200, 5_000, 96, 5_000]);
  });
});

describe('the materialised spend follows every write', () => {
  it('a new purchase adds to the enrolments it qualifies for, in the same statement', async () => {
    await buy(t.db, 10004, [
      { date: '2026-04-01', itemCode: 'AAA02', amount: '100.50' },
      { date: '2026-04-02', itemCode: 'QQQ01', amount: '49.50' },
    ]);
    expect(await storedSpend(t.db, seq.include)).toBe(1_100.5);
    expect(await storedSpend(t.db, seq.exclude)).toBe(2_249.5);
    expect(await storedSpend(t.db, seq.all)).toBe(3_350);
    expect(await storedSpend(t.db, seq.cad)).toBe(300);
  });

  it('changed and deleted purchases are recounted', async () => {
    await t.db.update(transactions).set({ amount: '200.50' }).where(eq(transactions.itemCode, 'QQQ01'));
    expect(await storedSpend(t.db, seq.exclude)).toBe(2_400.5);
    await t.db
      .delete(transactions)
      .where(sql`${transactions.itemCode} in ('QQQ01') or (${transactions.itemCode} = 'AAA02' and ${transactions.amount} = 100.50)`);
    expect(await storedSpend(t.db, seq.include)).toBe(1_000);
    expect(await storedSpend(t.db, seq.exclude)).toBe(2_200);
  });

  it('adding and removing a bundle code moves the include and exclude programmes', async () => {
    const [code] = await t.db
      .insert(loyaltyItemCodes)
      .values({ bundleSeq: bundle, itemCode: 'ZZZ99' })
      .returning({ seq: loyaltyItemCodes.itemCodeSeq });
    expect(await storedSpend(t.db, seq.include)).toBe(3_200);
    expect(await storedSpend(t.db, seq.exclude)).toBe(0);
    await t.db.delete(loyaltyItemCodes).where(eq(loyaltyItemCodes.itemCodeSeq, code!.seq));
    expect(await storedSpend(t.db, seq.include)).toBe(1_000);
    expect(await storedSpend(t.db, seq.exclude)).toBe(2_200);
  });

  it('changing a template currency or an enrolment window recounts it', async () => {
    const extra = await addProgram(t.db, { milestones: MILESTONES });
    const e = await enrol(t.db, 10004, extra, START, END);
    expect(await storedSpend(t.db, e)).toBe(3_200);
    await t.db.update(loyaltyPrograms).set({ currencyConfig: 1 }).where(eq(loyaltyPrograms.loyaltyProgramSeq, extra));
    expect(await storedSpend(t.db, e)).toBe(300);
    await t.db.update(loyaltyPrograms).set({ currencyConfig: 0 }).where(eq(loyaltyPrograms.loyaltyProgramSeq, extra));
    await t.db
      .update(loyaltyEnrolments)
      .set({ startDate: '2025-12-31', endDate: '2026-07-01' })
      .where(eq(loyaltyEnrolments.custLoyaltyProgramSeq, e));
    expect(await storedSpend(t.db, e)).toBe(3_200 + 500 + 999);
    await t.db.delete(loyaltyEnrolments).where(eq(loyaltyEnrolments.custLoyaltyProgramSeq, e));
  });
});

describe('lifecycle', () => {
  it('reconciles after the window: Completed with a payout, BC Completed without, Not Reconciled for an inactive customer', async () => {
    const program1 = await addProgram(t.db, { milestones: MILESTONES });
    const earned = await enrol(t.db, 10004, program1, START, END);
    const short = await enrol(t.db, 10004, program1, '2026-01-01', '2026-01-31');
    const inactive = await enrol(t.db, 10003, program1, START, END);
    await buy(t.db, 10003, [{ date: '2026-02-01', itemCode: 'ZZZ99', amount: '1000.00' }]);

    // 30 days after the end the window is still open for late purchases: nothing is fixed yet.
    let r = await t.db.transaction((tx) => runLifecycle(tx, '2026-07-30'));
    expect(r.reconciled.map((x) => x.seq)).not.toContain(earned);
    expect(r.moved).toContainEqual({ seq: earned, from: 'Enrolled', to: 'Pending Reconciliation' });
    expect(r.reconciled.map((x) => x.seq)).toContain(short);

    await buy(t.db, 10004, [{ date: '2026-06-15', itemCode: 'ZZZ99', amount: '10.00' }]); // a late purchase still counts
    r = await t.db.transaction((tx) => runLifecycle(tx, '2026-07-31'));
    const byId = new Map(r.reconciled.map((x) => [x.seq, x]));
    expect(byId.get(earned)).toEqual({ seq: earned, status: 'Completed', finalSpend: 3_210, finalPayout: 96.3 });
    expect(byId.get(inactive)).toEqual({ seq: inactive, status: 'Not Reconciled', finalSpend: 1_000, finalPayout: 20 });

    const f = await figures(t.db, '2026-08-15', [earned, short, inactive]);
    expect(f.get(short)).toMatchObject({ loyaltyProgramStatus: 'BC Completed', totalPayout: 0, availableCredit: 0, finalPayout: 0 });
    expect(f.get(earned)).toMatchObject({ loyaltyProgramStatus: 'Completed', totalPayout: 96.3, availableCredit: 96.3 });
    expect(f.get(inactive)).toMatchObject({ loyaltyProgramStatus: 'Not Reconciled', totalPayout: 20, availableCredit: 0 });

    // A fixed figure no longer moves.
    await buy(t.db, 10004, [{ date: '2026-06-16', itemCode: 'ZZZ99', amount: '5000.00' }]);
    expect((await figures(t.db, '2026-08-15', [earned])).get(earned)).toMatchObject({ currentSpend: 3_210, totalPayout: 96.3 });
    // A second run changes nothing.
    r = await t.db.transaction((tx) => runLifecycle(tx, '2026-07-31'));
    expect(r.reconciled.filter((x) => [earned, short, inactive].includes(x.seq))).toEqual([]);
  });

  it('unenrolling fixes the spend and forfeits the payout; only an enrolled enrolment can be unenrolled', async () => {
    const p = await addProgram(t.db, { milestones: MILESTONES });
    const e = await enrol(t.db, 10004, p, '2027-01-01', '2027-12-31', 'Pre Enrolled');
    const ended = await enrol(t.db, 10004, p, '2026-01-01', '2026-02-01');
    const done = await t.db.transaction((tx) => unenrolEnrolments(tx, [e, ended], 'corp', '2026-05-01'));
    expect(done.map((d) => Number(d.seq))).toEqual([e]);
    const f = (await figures(t.db, '2026-05-01', [e])).get(e)!;
    expect(f).toMatchObject({ loyaltyProgramStatus: 'Unenrolled', totalPayout: 0, availableCredit: 0, finalSpend: 0, finalPayout: 0 });
  });
});

describe('the SQL and the pure rules agree', () => {
  it('on every enrolment of this file', async () => {
    const all = await t.db.select().from(loyaltyEnrolments);
    const ms = await rows<{ loyalty_program_seq: number; milestone_no: number; amount: string; rate: string | null; cap: string | null }>(
      t.db,
      sql`select * from loyalty_milestones`,
    );
    const milestonesOf = (p: number): Milestone[] =>
      ms
        .filter((m) => Number(m.loyalty_program_seq) === p)
        .map((m) => ({
          number: m.milestone_no,
          amount: Number(m.amount),
          rate: m.rate === null ? null : Number(m.rate),
          cap: m.cap === null ? null : Number(m.cap),
        }));
    for (const asOf of ['2025-12-01', AS_OF, '2026-07-15', '2026-09-01']) {
      const sqlFigures = await figures(
        t.db,
        asOf,
        all.map((e) => e.custLoyaltyProgramSeq),
      );
      for (const e of all) {
        const pure = pureFigures(
          {
            status: e.status,
            startDate: e.startDate,
            endDate: e.endDate,
            spend: Number(e.currentSpend),
            finalPayout: e.finalPayout === null ? null : Number(e.finalPayout),
            milestones: milestonesOf(e.loyaltyProgramSeq),
          },
          asOf,
        );
        const s = sqlFigures.get(e.custLoyaltyProgramSeq)!;
        expect(s).toMatchObject({
          loyaltyProgramStatus: pure.status,
          currentSpend: pure.currentSpend,
          currentMilestoneNo: pure.currentMilestone?.number ?? null,
          currentMilestoneRate: pure.currentMilestoneRate,
          currentMilestoneCap: pure.currentMilestoneCap,
          nextMilestoneAmount: pure.nextMilestoneAmount,
          spendProgression: pure.spendProgression,
          totalPayout: pure.payout,
          availableCredit: pure.availableCredit,
        });
      }
      const programs = [...new Set(all.map((e) => e.loyaltyProgramSeq))];
      const tf = await rows<Record<string, string | number>>(t.db, sql`select * from (${templateFiguresSql(asOf)}) x`);
      for (const p of programs) {
        const pure = pureTemplateFigures(
          milestonesOf(p),
          all
            .filter((e) => e.loyaltyProgramSeq === p)
            .map((e) => ({
              status: e.status,
              startDate: e.startDate,
              endDate: e.endDate,
              spend: Number(e.currentSpend),
              finalPayout: e.finalPayout === null ? null : Number(e.finalPayout),
              milestones: [],
            })),
          asOf,
        );
        const row = tf.find((r) => Number(r.loyalty_program_seq) === p)!;
        expect({
          milestoneCount: Number(row.milestone_count),
          totalProgramSpending: Number(row.total_program_spending),
          templateGoalSpend: Number(row.template_goal_spend),
          totalPayout: Number(row.total_payout),
          activeEnrollees: Number(row.active_enrollees),
        }).toEqual(pure);
      }
    }
  });

  it('on random milestones and purchases (property)', async () => {
    const money = fc.integer({ min: 1, max: 5_000_000 }).map((c) => c / 100);
    const milestoneSet = fc.uniqueArray(money, { minLength: 1, maxLength: 4 }).chain((amounts) =>
      fc.tuple(
        fc.constant([...amounts].sort((a, b) => a - b)),
        fc.array(
          fc.oneof(
            fc.integer({ min: 0, max: 999_999 }).map((r) => ({ rate: r / 1_000_000, cap: null })),
            money.map((c) => ({ rate: null, cap: c })),
          ),
          {
            minLength: amounts.length,
            maxLength: amounts.length,
          },
        ),
      ),
    );
    const day = fc.integer({ min: 0, max: 40 });
    await fc.assert(
      fc.asyncProperty(
        milestoneSet,
        fc.array(fc.tuple(day, money), { minLength: 0, maxLength: 5 }),
        fc.constantFrom(0 as const, 1 as const),
        async ([amounts, pays], purchases, currency) => {
          const ms = amounts.map((amount, i) => ({ amount, ...pays[i]! }));
          const p = await addProgram(t.db, { currencyConfig: currency, milestones: ms });
          const custNo = 10001;
          await t.db.delete(transactions).where(eq(transactions.custNo, custNo));
          if (purchases.length)
            await buy(
              t.db,
              custNo,
              purchases.map(([d, amount]) => ({
                date: `2030-01-${String(1 + (d % 28)).padStart(2, '0')}`,
                itemCode: 'PRP01',
                amount: amount.toFixed(2),
                currency: d % 3 === 0 ? ((1 - currency) as 0 | 1) : currency,
              })),
            );
          const e = await enrol(t.db, custNo, p, '2030-01-05', '2030-01-25');
          const expectedSpend =
            purchases
              .filter(([d]) => d % 3 !== 0 && 1 + (d % 28) >= 5 && 1 + (d % 28) <= 25)
              .reduce((s, [, a]) => s + Math.round(a * 100), 0) / 100;
          const s = (await figures(t.db, '2030-01-10', [e])).get(e)!;
          const pure = pureFigures(
            { status: 'Enrolled', startDate: '2030-01-05', endDate: '2030-01-25', spend: expectedSpend, milestones: numbered(ms) },
            '2030-01-10',
          );
          expect(s.currentSpend).toBe(expectedSpend);
          expect([s.currentMilestoneNo, s.nextMilestoneAmount, s.spendProgression, s.totalPayout, s.availableCredit]).toEqual([
            pure.currentMilestone?.number ?? null,
            pure.nextMilestoneAmount,
            pure.spendProgression,
            pure.payout,
            pure.availableCredit,
          ]);
        },
      ),
      { numRuns: 25 },
    );
  });
});
