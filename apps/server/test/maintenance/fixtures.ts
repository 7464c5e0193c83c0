import type { AppContext } from '../../src/context';
import { seedMaintenance } from '../../src/seed/maintenance';
import { hashPassword } from '../../src/modules/auth/passwords';
import { upsertUser } from '../../src/modules/auth/repo';
import { createTestApp, type TestApp, type TestContextOptions } from '../helpers/app';
import { expect } from 'vitest';
import { api, DEMO_PASSWORD, loginAs, seedUsers } from '../helpers/http';

/**
 * Corporate users holding exactly one task (or none) beside the demo users, so each permission is
 * tested with and without each of its tasks.
 */
export const TASK_USERS = [
  { username: 'corpnone', accountType: 0, grantedTasks: [] as number[] },
  { username: 'corp502', accountType: 0, grantedTasks: [502] },
  { username: 'corp507', accountType: 0, grantedTasks: [507] },
  { username: 'corp505', accountType: 0, grantedTasks: [505] },
  { username: 'corp506', accountType: 0, grantedTasks: [506], email: 'corp506@example.com' },
  { username: 'corp504', accountType: 0, grantedTasks: [504] },
  { username: 'cust504', accountType: 2, grantedTasks: [504, 502, 505, 506, 507], custNo: 10001 },
] as const;

export type Client = ReturnType<typeof api>;

export interface MaintenanceApp extends TestApp {
  as(username: string): Promise<Client>;
  anonymous: Client;
}

/** A test app with the demo users, the task users and the maintenance demo data. */
export async function maintenanceApp(options: TestContextOptions = {}): Promise<MaintenanceApp> {
  const t = await createTestApp(options);
  await seedUsers(t.ctx);
  await seedTaskUsers(t.ctx);
  await t.ctx.db.transaction(async (tx) => seedMaintenance(tx));
  const cookies = new Map<string, string>();
  return {
    ...t,
    anonymous: api(t.app),
    async as(username: string) {
      let cookie = cookies.get(username);
      if (!cookie) {
        const task = TASK_USERS.find((u) => u.username === username);
        cookie = await loginAs(t.app, username, task ? (task.accountType === 0 ? 'corp' : 'cust') : undefined);
        cookies.set(username, cookie);
      }
      return api(t.app, cookie);
    },
  };
}

async function seedTaskUsers(ctx: AppContext) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await ctx.db.transaction(async (tx) => {
    for (const u of TASK_USERS) {
      await upsertUser(tx, {
        username: u.username,
        fullName: `Test ${u.username}`,
        passwordHash,
        accountType: u.accountType,
        grantedTasks: [...u.grantedTasks],
        email: 'email' in u ? u.email : null,
        custNo: 'custNo' in u ? u.custNo : null,
      });
    }
  });
}

export type Row = { id: string; attributes: Record<string, unknown> };

/** The attributes of a list's rows. */
export const attrs = (res: { body: { data: Row[] } }) => res.body.data.map((r) => r.attributes);

/**
 * The list sorted by `field` (its wire name, e.g. cust_no) ascending and descending is in that order: as
 * numbers when `numeric`, else as words regardless of case. Empty values are left out of the comparison
 * (PostgreSQL puts NULLs last ascending and first descending).
 */
export async function expectSortsBothWays(c: Client, list: string, field: string, numeric: boolean) {
  const key = field.replace(/_/g, '-');
  const cmp = (a: unknown, b: unknown) =>
    numeric ? Number(a) - Number(b) : String(a).localeCompare(String(b), 'en', { sensitivity: 'base' });
  for (const direction of ['asc', 'desc'] as const) {
    const res = await c.get(list, { 'filter[sort]': `${field}|${direction}`, 'page[size]': 100 });
    expect(res.status).toBe(200);
    const values = attrs(res)
      .map((r) => r[key])
      .filter((v) => v !== null);
    const sorted = [...values].sort(cmp);
    expect(values).toEqual(direction === 'asc' ? sorted : sorted.reverse());
  }
}
