import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  editTaskPrincipal,
  kindMay,
  permissionsDocument,
  USER_KINDS,
  WRITE_METHODS,
  WRITE_RULES,
  type Principal,
  type UserKindId,
  type WriteRule,
} from '@fc/contract';
import Fastify from 'fastify';
import type { AppContext } from '../../src/context';
import { registerAccess, writeRuleProblem } from '../../src/http/access';
import { seedDemo } from '../../src/seed/index';
import { hashPassword } from '../../src/modules/auth/passwords';
import { upsertUser } from '../../src/modules/auth/repo';
import { createTestApp, type TestApp } from '../helpers/app';
import { api, loginAs } from '../helpers/http';
import { concrete, recordFigures, SIGN_OUT } from './support';

/**
 * Least privilege inside an account type (PERM-03; decision 0300): every write
 * route called as every kind of user of the contract's USER_KINDS, against the table WRITE_RULES that the
 * routes declare their access from. A corporate user holding only view tasks (502, 505, 508) is refused
 * every write the table does not mark as open to it; the count of those refusals is the reliability figure.
 */
const PASSWORD = 'Matrix2026';
let t: TestApp;
let passwordHash: string;
const cookies = new Map<string, string>();

/** A signed-in user holding exactly these tasks (created on first use). */
async function cookieOf(p: Principal): Promise<string> {
  const slug = p.accountType === 0 ? 'corp' : p.accountType === 1 ? 'merc' : 'cust';
  const username = `lp-${slug}-${[...p.grantedTasks].sort().join('-') || 'none'}`;
  let cookie = cookies.get(username);
  if (cookie) return cookie;
  await t.ctx.db.transaction(async (tx) => {
    await upsertUser(tx, {
      username,
      fullName: 'Least Privilege Probe',
      accountType: p.accountType,
      grantedTasks: [...p.grantedTasks],
      passwordHash,
      ...(p.accountType === 1 ? { merchantNo: 1001 } : p.accountType === 2 ? { custNo: 10001 } : {}),
    });
  });
  cookie = await loginAs(t.app, username, slug, PASSWORD);
  cookies.set(username, cookie);
  return cookie;
}

/** The cookie of a kind of user for one write; the administrator and the view-only user are the demo users. */
async function cookieFor(kind: (typeof USER_KINDS)[number], rule: WriteRule): Promise<string | undefined> {
  if (kind.principal === null) return undefined;
  if (kind.id === 'admin') return (cookies.get('admin') ?? cookies.set('admin', await loginAs(t.app, 'admin')).get('admin'))!;
  if (kind.id === 'corp-view')
    return (cookies.get('corpview') ?? cookies.set('corpview', await loginAs(t.app, 'corpview')).get('corpview'))!;
  return cookieOf(kind.principal === 'edit-task' ? editTaskPrincipal(rule.access) : kind.principal);
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
  passwordHash = await hashPassword(PASSWORD);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const writeRoutes = () => t.app.routeAccess.filter((r) => WRITE_METHODS.includes(r.method));
const rows = Object.entries(WRITE_RULES) as [string, WriteRule][];

describe('one table of writes', () => {
  it('every write route has its row and declares the row’s access; every row is a route', () => {
    const registered = writeRoutes().map((r) => `${r.method} ${r.url}`);
    expect(registered.length).toBeGreaterThan(20);
    for (const r of writeRoutes()) expect(writeRuleProblem(r.method, r.url, r.access), `${r.method} ${r.url}`).toBeUndefined();
    expect(rows.map(([route]) => route).sort()).toEqual([...registered].sort());
  });

  it('registering a write route without a row fails', async () => {
    const app = Fastify();
    registerAccess(app, { config: { PUBLIC_URL: 'http://localhost:3000', ALTERNATE_PORTAL_PREFIX: 'intl' } } as unknown as AppContext);
    const register = async () => {
      app.post('/fc-common-api/new-write', { config: { access: 'corporate' } }, async () => ({}));
      await app.ready();
    };
    await expect(register()).rejects.toThrow(/POST \/fc-common-api\/new-write has no row in WRITE_RULES/);
    await app.close().catch(() => {});
  });

  it('a new write route without a row, or with another access than its row, stops the server at start', () => {
    expect(writeRuleProblem('POST', '/fc-common-api/new-write', 'corporate')).toMatch(/has no row in WRITE_RULES/);
    expect(writeRuleProblem('POST', '/fc-common-api/transactions/file', 'corporate')).toMatch(/WRITE_RULES says corpLoyaltyModify/);
    expect(writeRuleProblem('GET', '/fc-common-api/new-read', 'corporate')).toBeUndefined();
  });

  it('the rules the issue asks for: the transactions file needs 509; view-only users keep only their own settings and the tax rates', () => {
    const viewKind = USER_KINDS.find((k) => k.id === 'corp-view')!;
    const mayView = rows.filter(([, row]) => kindMay(row.access, viewKind)).map(([route]) => route);
    const marked = rows.filter(([, row]) => row.viewOnly).map(([route]) => route);
    // The table's own statement of which writes a view-only user keeps is what the permissions grant.
    expect(mayView.sort()).toEqual(marked.sort());
    expect(
      marked.filter((r) => !/login|logout|password|account_request$|session\/(ping|verify)|language|profile|second-factor/.test(r)),
    ).toEqual(['POST /fc-common-api/cust/tax/estes_create', 'POST /fc-common-api/cust/tax/estes_expire']);
    expect(editTaskPrincipal(WRITE_RULES['POST /fc-common-api/transactions/file'].access).grantedTasks).toEqual([509]);
    for (const route of [
      'POST /fc-common-api/transactions/file',
      'POST /fc-common-api/mpp/price',
      'POST /framework/customers/create',
      'POST /fc-common-api/users/account_requests/:id/status',
    ] as const) {
      expect(WRITE_RULES[route]).not.toHaveProperty('viewOnly');
      expect(kindMay(WRITE_RULES[route].access, viewKind), route).toBe(false);
    }
  });

  it('docs/permissions.md is the table as generated (npm run docs:permissions)', async () => {
    const fs = await import('node:fs/promises');
    const doc = await fs.readFile(new URL('../../../../docs/permissions.md', import.meta.url), 'utf8');
    expect(doc, 'docs/permissions.md is stale: run npm run docs:permissions').toBe(permissionsDocument());
  });
});

describe('every write × every kind of user', () => {
  it('answers as the table says: allowed writes pass access control, refused ones are 401 or 403 with no data', async () => {
    const counts: Record<UserKindId, { allowed: number; refused: number }> = Object.fromEntries(
      USER_KINDS.map((k) => [k.id, { allowed: 0, refused: 0 }]),
    ) as Record<UserKindId, { allowed: number; refused: number }>;
    const problems: string[] = [];
    // Sign-out last: it ends the caller's session.
    const ordered = [...writeRoutes()].sort((a, b) => Number(SIGN_OUT.test(a.url)) - Number(SIGN_OUT.test(b.url)));
    for (const r of ordered) {
      const rule = (WRITE_RULES as Record<string, WriteRule>)[`${r.method} ${r.url}`]!;
      for (const kind of USER_KINDS) {
        const cookie = await cookieFor(kind, rule);
        const client = api(t.app, cookie);
        const res = r.method === 'DELETE' ? await client.delete(concrete(r.url), {}) : await client.post(concrete(r.url), {});
        const where = `${kind.id}: ${r.method} ${r.url} -> ${res.status}`;
        if (kindMay(rule.access, kind)) {
          counts[kind.id].allowed++;
          if (res.status === 401 || res.status === 403) problems.push(`${where} (should pass access control) ${res.text.slice(0, 120)}`);
        } else {
          counts[kind.id].refused++;
          const expected = kind.principal === null ? 401 : 403;
          if (res.status !== expected) problems.push(`${where} (should be ${expected})`);
          else if (res.body?.data !== undefined) problems.push(`${where} answered data`);
          else if (expected === 403 && res.body?.errors?.[0]?.code !== '209') problems.push(`${where} code ${res.body?.errors?.[0]?.code}`);
        }
      }
    }
    // The sign-out calls ended the sessions held.
    cookies.clear();
    expect(problems).toEqual([]);
    const viewOnly = counts['corp-view'];
    recordFigures('least-privilege', {
      writeRoutes: ordered.length,
      userKinds: USER_KINDS.length,
      calls: ordered.length * USER_KINDS.length,
      writesRefusedToViewOnlyUsers: viewOnly.refused,
      writesOpenToViewOnlyUsers: viewOnly.allowed,
    });
    // Every write that changes business data is refused to a view-only user; they keep their own settings
    // (sign-in, sign-out, password, language, profile, ping), the public account request and the tax rates.
    expect(viewOnly.refused).toBe(rows.filter(([, row]) => !row.viewOnly).length);
    expect(viewOnly.refused).toBeGreaterThanOrEqual(19);
    expect(counts['corp-edit'].refused).toBe(0);
    expect(counts.admin.refused).toBe(0);
    expect(counts.anonymous.allowed).toBe(rows.filter(([, row]) => row.access === 'public').length);
  }, 180_000);
});

/** The transactions file as corporate staff send it: spend for customer 10001's open enrolment. */
const FILE = 'cust_no,date,invoice,item_code,amount,currency\n10001,20261101,LP-1,IC-LP,50000.00,USD\n';

describe('the findings', () => {
  const counts = async () => {
    const { rows: r } = await t.database.query<{ files: number; trx: number; customers: number }>(
      `select (select count(*)::int from inbound_files) as files, (select count(*)::int from transactions) as trx,
              (select count(*)::int from customers) as customers`,
    );
    return r[0]!;
  };

  /** Customer 10001's enrolments as corporate staff see them: spend and available credit (the payout). */
  const money = async () => {
    const res = await api(t.app, await loginAs(t.app, 'corp')).get('/fc-common-api/loyalty-custs', {
      'filter[search]': '10001',
      'page[size]': 100,
    });
    expect(res.status).toBe(200);
    return (res.body.data as { attributes: Record<string, unknown> }[])
      .filter((d) => d.attributes['cust-no'] === 10001)
      .map((d) => ({ spend: d.attributes['current-spend'], credit: d.attributes['available-credit'] }));
  };

  it('a view-only corporate user cannot upload a transactions file; a user holding 509 can', async () => {
    const before = await counts();
    const moneyBefore = await money();
    // The demo customer of the finding: spend 7,835.40 and payout 156.71, which a view-only user's file raised to 57,835.40 and 2,313.42.
    expect(moneyBefore).toContainEqual({ spend: 7835.4, credit: 156.71 });
    const viewer = await loginAs(t.app, 'corpview');
    const refused = await api(t.app, viewer).upload('/fc-common-api/transactions/file', {
      filename: 'spend.csv',
      content: FILE,
      contentType: 'text/csv',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('209');
    expect(await counts()).toEqual(before);
    expect(await money()).toEqual(moneyBefore);
    console.log(`figures least-privilege-money: customer 10001 enrolments after the refused file ${JSON.stringify(moneyBefore)}`);
    // Task 502, 505 or 508 alone, or every task but 509: refused too.
    for (const tasks of [[502], [505], [508], [502, 504, 505, 506, 507, 508, 510]]) {
      const res = await api(t.app, await cookieOf({ accountType: 0, grantedTasks: tasks })).upload('/fc-common-api/transactions/file', {
        filename: 'spend.csv',
        content: FILE,
        contentType: 'text/csv',
      });
      expect(res.status, `tasks ${tasks.join(',')}`).toBe(403);
    }
    const allowed = await api(t.app, await cookieOf({ accountType: 0, grantedTasks: [509] })).upload('/fc-common-api/transactions/file', {
      filename: 'spend.csv',
      content: FILE,
      contentType: 'text/csv',
    });
    expect(allowed.status, allowed.text).toBe(202);
  });

  it('a view-only corporate user cannot file a price file for a dealer; task 506 can, and a dealer its own', async () => {
    const before = await counts();
    const upload = (cookie: string, fields?: Record<string, string>) =>
      api(t.app, cookie).upload(
        '/fc-common-api/mpp/price',
        { filename: 'prices.csv', content: 'part_no,price\nLP-PART,1.00\n', contentType: 'text/csv' },
        fields,
      );
    const refused = await upload(await loginAs(t.app, 'corpview'), { merchant_no: '1001' });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('209');
    expect((await upload(await cookieOf({ accountType: 0, grantedTasks: [] }), { merchant_no: '1001' })).status).toBe(403);
    expect(await counts()).toEqual(before);
    expect((await upload(await cookieOf({ accountType: 0, grantedTasks: [506] }), { merchant_no: '1001' })).status).toBe(202);
    expect((await upload(await loginAs(t.app, 'dealer2'))).status).toBe(202);
  });
});
