import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_OPTION_CODES, SUB_GROUP_KEYS } from '@fc/contract/customers';
import { seedCustomers } from '../../src/seed/customers';
import { createTestApp, type TestApp } from '../helpers/app';
import { api, DEMO_USERS, loginAs, seedUsers } from '../helpers/http';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedUsers(t.ctx);
  await t.db.transaction(async (tx) => seedCustomers(tx));
});
afterAll(async () => {
  await t?.close();
});

const URL = '/fc-common-api/cards/cust/purchasing_requirements';

describe('GET /fc-common-api/cards/cust/purchasing_requirements', () => {
  it('answers the signed-in customer its own details, card options and column rules, kebab-case with booleans', async () => {
    const res = await api(t.app, await loginAs(t.app, 'customer')).get(URL);
    expect(res.status).toBe(200);
    const first = res.body.data[0].attributes;
    expect(first['cust-details']).toMatchObject({
      'cust-no': 10001,
      'cust-name': 'Acme Freight Lines',
      'address-1': '100 Main St',
      'city-state-zip': 'Lisle, IL 60532',
      'price-level': 2,
      'all-makes-price-level': 2,
      'card-no': '7083 0512 3456 0001',
      'show-card': true,
      'us-allowed': true,
      'ca-allowed': true,
      'sub-group-key': 1,
      'tax-exempt': false,
      'po-num-required-on-credits': true,
    });
    expect(first['card-options'].map((o: { 'card-option': number }) => o['card-option'])).toEqual([3, 4, 9, 10, 12, 14, 38, 42]);
    expect(first['column-info']).toContainEqual({ 'column-type': 0, 'rule-type': 1, value: 'PO' });
  });

  it('customer2 sees only 10002, whose card number is never sent when it may not be shown', async () => {
    const res = await api(t.app, await loginAs(t.app, 'customer2')).get(URL);
    const details = res.body.data[0].attributes['cust-details'];
    expect(details['cust-no']).toBe(10002);
    expect(details['show-card']).toBe(false);
    expect(details['card-no']).toBe('');
    expect(JSON.stringify(res.body)).not.toContain('10001');
  });

  it('takes no parameter that could name another customer', async () => {
    const res = await api(t.app, await loginAs(t.app, 'customer')).get(URL, { cust_no: 10002 });
    expect(res.body.data[0].attributes['cust-details']['cust-no']).toBe(10001);
  });

  it('the demo customers sign-ins show, together, every card-option code and every subgroup key (PREQ-03, PREQ-04)', async () => {
    const codes = new Set<number>();
    const keys = new Set<number>();
    for (const u of DEMO_USERS.filter((d) => d.accountType === 2)) {
      const res = await api(t.app, await loginAs(t.app, u.username)).get(URL);
      expect(res.status).toBe(200);
      const a = res.body.data[0].attributes;
      for (const o of a['card-options'] as { 'card-option': number }[]) codes.add(o['card-option']);
      keys.add(a['cust-details']['sub-group-key'] as number);
    }
    expect([...codes].sort((x, y) => x - y)).toEqual([...CARD_OPTION_CODES].sort((x, y) => x - y));
    expect([...keys].sort()).toEqual(SUB_GROUP_KEYS.map((k) => k.value));
  });

  it('shows the first card only: customer4 (10004) does not get its second card options', async () => {
    const res = await api(t.app, await loginAs(t.app, 'customer4')).get(URL);
    const first = res.body.data[0].attributes;
    expect(first['cust-details']).toMatchObject({ 'cust-no': 10004, 'card-no': '7083 0512 3456 0004', 'sub-group-key': 2 });
    expect(first['card-options'].map((o: { 'card-option': number }) => o['card-option'])).toEqual([4, 9, 12, 41, 44]);
  });

  it('customers only', async () => {
    expect((await api(t.app, await loginAs(t.app, 'corp')).get(URL)).status).toBe(403);
    expect((await api(t.app, await loginAs(t.app, 'dealer')).get(URL)).status).toBe(403);
    expect((await api(t.app).get(URL)).status).toBe(401);
  });
});
