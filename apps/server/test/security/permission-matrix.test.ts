import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TASKS, permissions, Task, type Principal } from '@fc/contract';
import type { Access } from '../../src/http/access';
import { seedDemo } from '../../src/seed/index';
import { hashPassword } from '../../src/modules/auth/passwords';
import { upsertUser } from '../../src/modules/auth/repo';
import { createTestApp, type TestApp } from '../helpers/app';
import { api, DEMO_USERS, loginAs, ssoSession } from '../helpers/http';
import { columnOfParameter, concrete, fillPath, operationsOf, recordFigures, valuesOf, withQuery, type Operation } from './support';

/**
 * Every registered route called as nobody, as each account type, and as users lacking each task the
 * route needs: the answer must match the route's declaration (401 or 403, never data). Then every route
 * a customer may call, called as one customer with the other customer's identifiers, must show none of
 * the other's rows; and a dealer must see no other dealer's price files.
 */
const EXTRA_USERS = [
  { username: 'corp-none', fullName: 'Corporate Without Tasks', accountType: 0, grantedTasks: [] as number[] },
  { username: 'cust-none', fullName: 'Customer Without Tasks', accountType: 2, grantedTasks: [] as number[], custNo: 10004 },
  { username: 'merc-504', fullName: 'Dealer With Tax Task', accountType: 1, grantedTasks: [Task.TaxModify], merchantNo: 1001 },
];
const PASSWORD = 'Matrix2026';
/**
 * Written into the text of the other customer's (dealer's) rows, so that a leak shows in any answer, and
 * into the attacker's own rows, to show the sweep reaches data. Each test has its own pair.
 */
const MARKS = { customer: { theirs: 'QQCUSTB', own: 'QQCUSTA' }, dealer: { theirs: 'QQDEALB', own: 'QQDEALA' } };

type Slug = 'cust' | 'merc' | 'corp';
type Caller = { username: string; type: Slug; principal: Principal; cookie?: string };

let t: TestApp;
let callers: Caller[] = [];
let operations: Operation[] = [];
let passwordHash: string;
const slug = (type: number) => (type === 0 ? 'corp' : type === 1 ? 'merc' : 'cust') as Slug;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
  operations = operationsOf(t.app);
  passwordHash = await hashPassword(PASSWORD);
  await t.ctx.db.transaction(async (tx) => {
    for (const u of EXTRA_USERS) await upsertUser(tx, { ...u, passwordHash });
  });
  const all = [
    ...DEMO_USERS.filter((u) => !('isAdmin' in u && u.isAdmin)).map((u) => ({
      username: u.username,
      accountType: u.accountType,
      grantedTasks: [...u.grantedTasks],
      password: undefined,
      sso: 'ssoUser' in u && u.ssoUser,
    })),
    ...EXTRA_USERS.map((u) => ({ ...u, password: PASSWORD })),
  ];
  callers = [];
  for (const u of all) {
    const type = slug(u.accountType);
    callers.push({
      username: u.username,
      type,
      principal: { accountType: u.accountType as 0 | 1 | 2, grantedTasks: u.grantedTasks },
      // A single-sign-on user's session comes from its identity provider (the local form refuses it).
      cookie: 'sso' in u && u.sso ? await ssoSession(t.db, u.username) : await loginAs(t.app, u.username, type, u.password),
    });
  }
}, 180_000);

afterAll(async () => {
  await t?.close();
});

function call(method: string, url: string, cookie?: string) {
  const client = api(t.app, cookie);
  if (method === 'GET') return client.get(url);
  if (method === 'DELETE') return client.delete(url);
  return client.post(url, {});
}

const guardedRoutes = () => t.app.routeAccess.filter((r) => r.access !== 'public');
const permissionOf = (access: Access) => permissions[access as Exclude<Access, 'public'>];

describe('permission matrix', () => {
  it('every route declares who may call it', () => {
    expect(t.app.routeAccess.length).toBeGreaterThan(10);
    for (const r of t.app.routeAccess) expect(r.access, `${r.method} ${r.url}`).toBeTruthy();
  });

  it('nobody signed in gets 401 and no data from every non-public route', async () => {
    const guarded = guardedRoutes();
    expect(guarded.length).toBeGreaterThan(5);
    for (const r of guarded) {
      const res = await call(r.method, concrete(r.url));
      expect(res.status, `${r.method} ${r.url}`).toBe(401);
      expect(res.body?.data, `${r.method} ${r.url}`).toBeUndefined();
      expect(res.body?.errors?.[0]?.status).toBe('401');
    }
  });

  it('a signed-in user without the permission gets 403 and no data, whatever the route', async () => {
    let refused = 0;
    for (const r of guardedRoutes()) {
      const permission = permissionOf(r.access);
      for (const caller of callers) {
        if (permission.check(caller.principal)) continue;
        const res = await call(r.method, concrete(r.url), caller.cookie);
        expect(res.status, `${caller.username}: ${r.method} ${r.url}`).toBe(403);
        expect(res.body?.data).toBeUndefined();
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(20);
  }, 120_000);

  it('a user of the right type holding every task except the ones a route needs gets 403 and no data', async () => {
    // For each route that needs a task, and each account type that may hold it: a user with all the other
    // tasks. A type that needs no task for the route (corporate on the tax page) is not refused, rightly.
    const cases: { method: string; url: string; principal: Principal }[] = [];
    for (const r of guardedRoutes()) {
      const permission = permissionOf(r.access);
      if (!permission.anyTask) continue;
      for (const accountType of permission.userTypes) {
        const principal: Principal = {
          accountType,
          grantedTasks: ALL_TASKS.filter((task) => !(permission.anyTask as readonly number[]).includes(task)),
        };
        if (permission.check(principal)) continue;
        cases.push({ method: r.method, url: r.url, principal });
      }
    }
    expect(cases.length).toBeGreaterThan(10);
    const cookies = new Map<string, string>();
    const cookieFor = async (p: Principal) => {
      const username = `lacks-${p.accountType}-${p.grantedTasks.join('-')}`;
      let cookie = cookies.get(username);
      if (!cookie) {
        await t.ctx.db.transaction(async (tx) => {
          await upsertUser(tx, {
            username,
            fullName: 'Lacks One Task',
            accountType: p.accountType,
            grantedTasks: [...p.grantedTasks],
            passwordHash,
            ...(p.accountType === 1 ? { merchantNo: 1001 } : p.accountType === 2 ? { custNo: 10001 } : {}),
          });
        });
        cookie = await loginAs(t.app, username, slug(p.accountType), PASSWORD);
        cookies.set(username, cookie);
      }
      return cookie;
    };
    for (const c of cases) {
      const res = await call(c.method, concrete(c.url), await cookieFor(c.principal));
      const where = `type ${c.principal.accountType} with tasks ${c.principal.grantedTasks.join(',')}: ${c.method} ${c.url}`;
      expect(res.status, where).toBe(403);
      expect(res.body?.data, where).toBeUndefined();
      expect(res.body?.errors?.[0]?.code, where).toBe('209');
    }
    recordFigures('permission-matrix-tasks', { routeTypeCases: cases.length, users: cookies.size, refused403: cases.length });
  }, 120_000);

  it('a user holding the permission is not refused by access control on any read', async () => {
    for (const r of guardedRoutes().filter((x) => x.method === 'GET')) {
      const permission = permissionOf(r.access);
      const allowed = callers.find((c) => permission.check(c.principal));
      if (!allowed) continue;
      const res = await call(r.method, concrete(r.url), allowed.cookie);
      expect([401, 403], `${allowed.username}: ${r.method} ${r.url} answered ${res.status}`).not.toContain(res.status);
    }
  }, 120_000);
});

/**
 * Writes a mark into every text column of the rows a clause selects, in every table that has the
 * clause's column; a column whose constraints refuse the mark keeps its data.
 */
async function markRows(where: { column: string; values: number[] }, mark: string): Promise<number> {
  const { rows: columns } = await t.database.query<{ table_name: string; column_name: string; max: number | null }>(
    `select c.table_name, c.column_name, c.character_maximum_length as max
       from information_schema.columns c join information_schema.tables tb using (table_schema, table_name)
      where c.table_schema = 'public' and tb.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying')
        and exists (select 1 from information_schema.columns w
                     where w.table_schema = 'public' and w.table_name = c.table_name and w.column_name = $1)
        and c.table_name not in ('users', 'sessions', 'password_history', 'password_reset_tokens', 'audit_log')
      order by 1, 2`,
    [where.column],
  );
  let marked = 0;
  for (const c of columns) {
    if (c.max !== null && c.max < mark.length + 2) continue;
    try {
      const { rows } = await t.database.query<{ n: number }>(
        `with u as (update "${c.table_name}" set "${c.column_name}" = left($1 || coalesce("${c.column_name}", ''), ${c.max ?? 100_000})
                    where "${where.column}" = any($2::int[]) returning 1) select count(*)::int as n from u`,
        [mark, where.values],
      );
      marked += rows[0]!.n;
    } catch {
      // a check constraint or a foreign key refused the mark: the column keeps its value
    }
  }
  return marked;
}

interface Sweep {
  routes: number;
  calls: number;
  /** Answers of the attacker that showed its own rows (the sweep reaches data). */
  ownRowsSeen: number;
  /** Answers to corporate staff for the same URLs that showed the other party's rows (the mark is visible). */
  controlSeen: number;
  leaks: string[];
}

/**
 * Calls every GET route the attacker may call: once with only the required parameters, then once per
 * parameter value taken from the other party's rows (a parameter naming a column gets that column's values
 * in their rows, an enum parameter each of its values). No answer may hold the other party's mark or number.
 */
async function sweep(
  attacker: Caller,
  control: Caller,
  theirs: { column: string; values: number[] },
  own: { column: string; values: number[] },
  marks: { theirs: string; own: string },
  leakPattern: RegExp,
): Promise<Sweep> {
  const result: Sweep = { routes: 0, calls: 0, ownRowsSeen: 0, controlSeen: 0, leaks: [] };
  for (const r of t.app.routeAccess.filter((x) => x.method === 'GET' && x.url !== '/framework/logout')) {
    if (r.access !== 'public' && !permissionOf(r.access).check(attacker.principal)) continue;
    const op = operations.find((o) => o.method === 'GET' && o.route === r.url) ?? {
      method: 'GET',
      path: r.url,
      route: r.url,
      params: [],
    };
    result.routes++;
    // Values from their rows, then from the attacker's own rows (which must show the attacker's data only).
    const candidates = new Map<string, string[]>();
    const ownCandidates = new Map<string, string[]>();
    for (const p of op.params) {
      const fromRows = await valuesOf(t.database, columnOfParameter(p.name), theirs);
      const values = fromRows.length > 0 ? fromRows.slice(0, 6) : ((p.schema?.enum as string[] | undefined) ?? []);
      candidates.set(p.name, values.map(String));
      ownCandidates.set(p.name, (await valuesOf(t.database, columnOfParameter(p.name), own)).slice(0, 3));
    }
    const base = (): { path: Record<string, string>; query: [string, string][] } => {
      const path: Record<string, string> = {};
      const query: [string, string][] = [];
      for (const p of op.params.filter((x) => x.required)) {
        const v = candidates.get(p.name)?.[0] ?? ownCandidates.get(p.name)?.[0] ?? '1';
        if (p.in === 'path') path[p.name] = v;
        else query.push([p.name, v]);
      }
      return { path, query };
    };
    const variants = [base()];
    for (const p of op.params) {
      for (const v of [...(candidates.get(p.name) ?? []), ...(ownCandidates.get(p.name) ?? [])]) {
        const b = base();
        if (p.in === 'path') b.path[p.name] = v;
        else b.query = [...b.query.filter(([k]) => k !== p.name), [p.name, v]];
        variants.push(b);
      }
    }
    for (const v of variants) {
      const url = withQuery(fillPath(r.url, v.path), v.query);
      const res = await api(t.app, attacker.cookie).get(url);
      result.calls++;
      if (leakPattern.test(res.text)) result.leaks.push(`${attacker.username}: GET ${url} -> ${res.status} ${res.text.slice(0, 200)}`);
      if (res.text.includes(marks.own)) result.ownRowsSeen++;
      const seen = await api(t.app, control.cookie).get(url);
      if (seen.text.includes(marks.theirs)) result.controlSeen++;
    }
  }
  return result;
}

describe('no row of another customer or dealer', () => {
  const byName = (username: string) => callers.find((c) => c.username === username)!;

  it('a customer sees no row of another customer in any list, detail or export', async () => {
    const attacker = byName('customer');
    expect(attacker.principal.accountType).toBe(2);
    const attackerNo = DEMO_USERS.find((u) => u.username === 'customer')!.custNo;
    const victimNo = DEMO_USERS.find((u) => u.username === 'customer2')!.custNo;
    // Both customers have data of every kind a customer sees: cards with purchase requirements,
    // transactions, loyalty enrolments with spend.
    for (const no of [attackerNo, victimNo]) {
      const { rows } = await t.database.query<{ cards: number; enrolments: number; trx: number }>(
        `select (select count(*)::int from cards where cust_no = $1) as cards,
                (select count(*)::int from loyalty_enrolments where cust_no = $1) as enrolments,
                (select count(*)::int from transactions where cust_no = $1) as trx`,
        [no],
      );
      expect(rows[0]!.cards, `cards of ${no}`).toBeGreaterThan(0);
      expect(rows[0]!.enrolments, `enrolments of ${no}`).toBeGreaterThan(0);
      expect(rows[0]!.trx, `transactions of ${no}`).toBeGreaterThan(0);
    }
    const marks = MARKS.customer;
    expect(await markRows({ column: 'cust_no', values: [victimNo] }, marks.theirs)).toBeGreaterThan(10);
    expect(await markRows({ column: 'cust_no', values: [attackerNo] }, marks.own)).toBeGreaterThan(10);

    const result = await sweep(
      attacker,
      byName('corp'),
      { column: 'cust_no', values: [victimNo] },
      { column: 'cust_no', values: [attackerNo] },
      marks,
      new RegExp(`${marks.theirs}|(?<![\\d.])${victimNo}(?![\\d.])|Maple Haulage`),
    );
    recordFigures('cross-customer', {
      routes: result.routes,
      calls: result.calls,
      ownRowsSeen: result.ownRowsSeen,
      controlSeen: result.controlSeen,
      rowsOfOtherCustomer: result.leaks.length,
    });
    expect(result.leaks).toEqual([]);
    // The sweep reached the customer's own data, and the same URLs show the other customer's rows to
    // corporate staff: a leak would have shown.
    expect(result.routes).toBeGreaterThan(4);
    expect(result.ownRowsSeen).toBeGreaterThan(0);
    expect(result.controlSeen).toBeGreaterThan(0);
  }, 180_000);

  it('a dealer sees no other dealer price file', async () => {
    const [attacker, other, intl] = [byName('dealer'), byName('dealer2'), byName('intl')];
    const ownNo = DEMO_USERS.find((u) => u.username === 'dealer')!.merchantNo;
    const otherNos = [
      DEMO_USERS.find((u) => u.username === 'dealer2')!.merchantNo,
      DEMO_USERS.find((u) => u.username === 'intl')!.merchantNo,
    ];
    const marks = MARKS.dealer;
    for (const [caller, mark] of [
      [attacker, marks.own],
      [other, marks.theirs],
      [intl, marks.theirs],
    ] as const) {
      const res = await api(t.app, caller.cookie).upload('/fc-common-api/mpp/price', {
        filename: `${mark}-prices.csv`,
        content: `part_no,price\n${mark}1,1.00\n`,
        contentType: 'text/csv',
      });
      expect(res.status, res.text).toBe(202);
    }
    // Processed, with a result file to download (the test runs no job workers); the file names carry the marks.
    await t.database.query(
      `update inbound_files set state = 'done', unit_status = 0, os_return_code = 0, message = file_name,
              result = convert_to('part_no,result' || chr(10) || file_name || ',ok' || chr(10), 'UTF8'), result_name = file_name,
              finished_at = now()
        where kind = 'price'`,
    );
    const result = await sweep(
      attacker,
      byName('corp'),
      { column: 'merchant_no', values: otherNos },
      { column: 'merchant_no', values: [ownNo] },
      marks,
      new RegExp(marks.theirs),
    );
    recordFigures('cross-dealer', {
      routes: result.routes,
      calls: result.calls,
      ownRowsSeen: result.ownRowsSeen,
      controlSeen: result.controlSeen,
      filesOfOtherDealer: result.leaks.length,
    });
    expect(result.leaks).toEqual([]);
    expect(result.routes).toBeGreaterThanOrEqual(3);
    expect(result.ownRowsSeen).toBeGreaterThan(0);
    expect(result.controlSeen).toBeGreaterThan(0);
    expect(ownNo).toBe(1001);
  }, 180_000);
});
