import { eq, sql } from 'drizzle-orm';
import type { Milestone } from '@fc/contract/loyalty';
import type { Tx } from '../../src/db/client';
import {
  loyaltyBundles,
  loyaltyEnrolments,
  loyaltyItemCodes,
  loyaltyMilestones,
  loyaltyPrograms,
  transactions,
} from '../../src/db/schema/index';
import { enrolmentFigures, enrolmentFiguresSql, rows, type EnrolmentFiguresRow } from '../../src/modules/loyalty-engine/index';

let unique = 0;
const name = (prefix: string) => `${prefix}${++unique}`.slice(0, 20);

export async function addBundle(db: Tx, codes: readonly string[]): Promise<number> {
  const [b] = await db
    .insert(loyaltyBundles)
    .values({ name: name('bundle-') })
    .returning({ seq: loyaltyBundles.bundleSeq });
  if (codes.length)
    await db.insert(loyaltyItemCodes).values(codes.map((itemCode) => ({ bundleSeq: b!.seq, itemCode, description: `Code ${itemCode}` })));
  return b!.seq;
}

export async function addProgram(
  db: Tx,
  opts: { currencyConfig?: 0 | 1; bundleSeq?: number; bundleType?: 'Include' | 'Exclude'; milestones: Omit<Milestone, 'number'>[] },
): Promise<number> {
  const [p] = await db
    .insert(loyaltyPrograms)
    .values({
      name: name('prog-'),
      currencyConfig: opts.currencyConfig ?? 0,
      bundleSeq: opts.bundleSeq ?? null,
      bundleType: opts.bundleType ?? null,
    })
    .returning({ seq: loyaltyPrograms.loyaltyProgramSeq });
  if (opts.milestones.length) {
    await db.insert(loyaltyMilestones).values(
      opts.milestones.map((m, i) => ({
        loyaltyProgramSeq: p!.seq,
        milestoneNo: i + 1,
        amount: String(m.amount),
        rate: m.rate === null ? null : String(m.rate),
        cap: m.cap === null ? null : String(m.cap),
      })),
    );
  }
  return p!.seq;
}

export async function enrol(
  db: Tx,
  custNo: number,
  programSeq: number,
  startDate: string,
  endDate: string,
  status = 'Enrolled',
): Promise<number> {
  const [e] = await db
    .insert(loyaltyEnrolments)
    .values({ custNo, loyaltyProgramSeq: programSeq, startDate, endDate, status })
    .returning({ seq: loyaltyEnrolments.custLoyaltyProgramSeq });
  return e!.seq;
}

export interface Purchase {
  date: string;
  itemCode: string;
  amount: string;
  currency?: 0 | 1;
  invoice?: string;
}

export async function buy(db: Tx, custNo: number, purchases: readonly Purchase[]): Promise<void> {
  await db.insert(transactions).values(
    purchases.map((p, i) => ({
      custNo,
      trxDate: p.date,
      itemCode: p.itemCode,
      amount: p.amount,
      currency: p.currency ?? 0,
      invoice: p.invoice ?? `T-${custNo}-${++unique}-${i}`,
    })),
  );
}

/** The engine's figures of some enrolments (enrolmentFiguresSql), as numbers. */
export async function figures(db: Tx, asOf: string, seqs: readonly number[]) {
  const found = await rows<EnrolmentFiguresRow>(
    db,
    sql`select * from (${enrolmentFiguresSql(asOf)}) f where f.cust_loyalty_program_seq in (${sql.join(
      seqs.map((s) => sql`${s}`),
      sql`, `,
    )})`,
  );
  return new Map(found.map((r) => [Number(r.cust_loyalty_program_seq), { ...enrolmentFigures(r), storedStatus: r.stored_status }]));
}

export async function storedSpend(db: Tx, seq: number): Promise<number> {
  const [e] = await db
    .select({ s: loyaltyEnrolments.currentSpend })
    .from(loyaltyEnrolments)
    .where(eq(loyaltyEnrolments.custLoyaltyProgramSeq, seq));
  return Number(e!.s);
}

/** Days from `day` (YYYY-MM-DD), as YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
