import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { seedCore } from './core';
import { seedCustomers } from './customers';
import { seedAuth } from './auth';
import { seedMaintenance } from './maintenance';
import { seedLoyalty } from './loyalty';
import { seedParts } from './parts';
import { rowsOf } from '../db/execute';

/**
 * Demo data, seeded on the first start of a portal with an empty database (and by `npm run seed`).
 * Each domain adds its seeder to this list; they run in order, in one transaction.
 */
const seeders: ((tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<void>)[] = [
  seedCore,
  seedCustomers,
  seedAuth,
  seedParts,
  seedMaintenance,
  seedLoyalty,
];

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from users`);
  return Number(row?.n ?? 0) === 0;
}

export async function seedDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const seed of seeders) await seed(tx);
  });
}

/**
 * Seeds the demo data when the database has no user yet. Under a transaction-scoped advisory lock, so that
 * several processes starting at once on one empty database seed it once (the others then find it full).
 */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    if (!(await isEmpty(tx as unknown as Db))) return false;
    for (const seed of seeders) await seed(tx);
    return true;
  });
}
