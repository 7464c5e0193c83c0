import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  cardMode,
  ENROLMENT_STATUSES,
  milestoneFromText,
  payoutFor,
  reconciledStatus,
  reconciliationDate,
  type CustLoyaltyProgram,
  type Milestone,
} from '@fc/contract/loyalty';
import { seedLoyalty } from '../../src/seed/loyalty';
import { rows, today } from '../../src/modules/loyalty-engine/repo';
import { custPrograms } from '../../src/modules/loyalty-engine/customer-programs';
import { recountedSpend } from '../../src/modules/loyalty-engine/index';
import { createTestContext, type TestContext } from '../helpers/app';
import { seedUsers } from '../helpers/http';

let t: TestContext;
let seedMs = 0;

beforeAll(async () => {
  t = await createTestContext();
  await seedUsers(t.ctx);
  const started = performance.now();
  await t.db.transaction((tx) => seedLoyalty(tx));
  seedMs = performance.now() - started;
});

afterAll(async () => {
  await t?.close();
});

describe('loyalty demo data', () => {
  it('loads a few thousand purchases over two years quickly', async () => {
    const [r] = await rows<{ n: number; first: string; last: string }>(
      t.db,
      sql`select count(*)::int as n, min(trx_date)::text as first, max(trx_date)::text as last from transactions`,
    );
    expect(r!.n).toBeGreaterThan(3_000);
    expect(r!.last).toBe(today());
    expect(r!.first <= new Date(Date.now() - 700 * 86_400_000).toISOString().slice(0, 10)).toBe(true);
    // The budget is 2 s on PGlite (about 1.7 s measured alone, a third of it PGlite loading PL/pgSQL for
    // the triggers); the bound only catches a regression to row-by-row work on a busy shared machine.
    expect(seedMs).toBeLessThan(10_000);
  });

  it('shows every status and every card mode for customers 10001, 10002 and the inactive 10003', async () => {
    const cards: CustLoyaltyProgram[] = [];
    for (const custNo of [10001, 10002, 10003])
      for (const which of ['active', 'history'] as const) cards.push(...(await custPrograms(t.db, custNo, which, today())));
    expect(new Set(cards.map((c) => c.loyaltyProgramStatus))).toEqual(new Set(ENROLMENT_STATUSES));
    const modes = new Set(cards.map((c) => cardMode(c.loyaltyProgramStatus, c.milestones.map(milestoneFromText), c.currentSpend)));
    expect(modes).toEqual(new Set(['active', 'completed', 'incomplete']));
    expect(cards.some((c) => c.loyaltyProgramStatus === 'Enrolled' && c.totalPayout > 0)).toBe(true);
    expect(new Set(cards.map((c) => c.currency))).toEqual(new Set([0, 1]));
  });

  it('reaches each closed status by the rules of the engine: payout and account status at reconciliation, or an unenrolment', async () => {
    const closed = await rows<{
      seq: number;
      status: string;
      final_spend: string;
      final_payout: string;
      customer_status: number;
      end_date: string;
      milestones: { number: number; amount: number; rate: number | null; cap: number | null }[] | string;
    }>(
      t.db,
      sql`select e.cust_loyalty_program_seq as seq, e.status, e.final_spend::text as final_spend, e.final_payout::text as final_payout,
                 c.status as customer_status, e.end_date::text as end_date, e.closed_terms -> 'milestones' as milestones
            from loyalty_enrolments e join customers c on c.cust_no = e.cust_no
           where e.status in ('Completed', 'BC Completed', 'Not Reconciled', 'Unenrolled')`,
    );
    expect(new Set(closed.map((c) => c.status))).toEqual(new Set(['Completed', 'BC Completed', 'Not Reconciled', 'Unenrolled']));
    for (const c of closed) {
      const ms = (typeof c.milestones === 'string' ? JSON.parse(c.milestones) : c.milestones) as Milestone[];
      if (c.status === 'Unenrolled') {
        expect(Number(c.final_payout)).toBe(0);
        continue;
      }
      // Reconciled only once the reconciliation window is over, at the payout of the kept milestones.
      expect(reconciliationDate(c.end_date) <= today()).toBe(true);
      expect(Number(c.final_payout)).toBe(payoutFor(ms, Number(c.final_spend)));
      expect(c.status).toBe(reconciledStatus(Number(c.final_payout), c.customer_status === 0));
    }
    // The Not Reconciled card is the inactive customer's, with the rebate it had earned.
    const notReconciled = closed.filter((c) => c.status === 'Not Reconciled');
    expect(notReconciled.map((c) => c.customer_status)).toEqual([1]);
    expect(Number(notReconciled[0]!.final_payout)).toBeGreaterThan(0);
  });

  it('holds the spend the transactions give', async () => {
    const seqs = (
      await rows<{ seq: number }>(
        t.db,
        sql`select cust_loyalty_program_seq as seq from loyalty_enrolments where status not in ('Completed', 'BC Completed', 'Not Reconciled', 'Unenrolled')`,
      )
    ).map((r) => Number(r.seq));
    const recounted = await recountedSpend(t.db, seqs);
    const stored = await rows<{ seq: number; spend: string }>(
      t.db,
      sql`select cust_loyalty_program_seq as seq, current_spend::text as spend from loyalty_enrolments`,
    );
    for (const s of stored) if (recounted.has(Number(s.seq))) expect(Number(s.spend)).toBe(recounted.get(Number(s.seq)));
  });
});
