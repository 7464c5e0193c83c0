import { ALL_TASKS, Task } from '@fc/contract';
import type { Tx } from '../db/client';
import { customers } from '../db/schema/index';
import { hashPassword, upsertUser } from '../modules/auth/index';

/** The demo password of every demo user; it follows the specification's rule (8 to 12 letters and digits). */
export const DEMO_PASSWORD = 'Demo2026';

export const DEMO_USERS = [
  { username: 'corp', fullName: 'Cora Corporate', accountType: 0, grantedTasks: [...ALL_TASKS], note: 'corporate, every task' },
  {
    username: 'corpview',
    fullName: 'Vic Viewer',
    accountType: 0,
    grantedTasks: [Task.PartsMappingView, Task.CoreView, Task.CorpLoyaltyView],
    note: 'corporate, view tasks only (502, 505, 508)',
  },
  {
    username: 'dealer',
    fullName: 'Dana Dealer',
    accountType: 1,
    grantedTasks: [Task.TaxModify],
    merchantNo: 1001,
    note: 'dealer (merchant 1001), task 504',
  },
  {
    username: 'dealer2',
    fullName: 'Drew Dealer',
    accountType: 1,
    grantedTasks: [],
    merchantNo: 1003,
    note: 'dealer (merchant 1003), no tasks',
  },
  {
    username: 'customer',
    fullName: 'Casey Customer',
    accountType: 2,
    grantedTasks: [Task.CustLoyaltyView],
    custNo: 10001,
    note: 'customer 10001 (US), task 510',
  },
  {
    username: 'customer2',
    fullName: 'Morgan Maple',
    accountType: 2,
    grantedTasks: [Task.CustLoyaltyView],
    custNo: 10002,
    note: 'customer 10002 (Canada), task 510',
  },
  {
    username: 'customer3',
    fullName: 'Rio Ruiz',
    accountType: 2,
    grantedTasks: [],
    custNo: 10003,
    note: 'customer 10003 (US, inactive), no tasks',
  },
  {
    username: 'customer4',
    fullName: 'Jo Park',
    accountType: 2,
    grantedTasks: [Task.CustLoyaltyView],
    custNo: 10004,
    note: 'customer 10004 (US), task 510',
  },
  {
    username: 'intl',
    fullName: 'Ines International',
    accountType: 1,
    grantedTasks: [],
    merchantNo: 1002,
    alternatePortalUser: true,
    note: 'alternate-portal dealer (merchant 1002)',
  },
  {
    username: 'sso',
    fullName: 'Sasha Single-Sign-On',
    accountType: 0,
    grantedTasks: [Task.PartsMappingView, Task.CoreView, Task.CorpLoyaltyView],
    ssoUser: true,
    note: 'corporate, single-sign-on user: signs in through its identity provider only, not the local form (a 401 sends it to EXTERNAL_LOGIN_URL), view tasks',
  },
  {
    username: 'admin',
    fullName: 'Ada Admin',
    accountType: 0,
    grantedTasks: [...ALL_TASKS],
    isAdmin: true,
    note: 'administrator: corporate login only',
  },
] as const;

export const DEMO_CUSTOMERS: (typeof customers.$inferInsert)[] = [
  {
    custNo: 10001,
    custName: 'Acme Freight Lines',
    program: 96,
    currency: 0,
    country: 0,
    addressName: 'Acme Freight Lines',
    contact: 'Pat Doe',
    address1: '100 Main St',
    city: 'Lisle',
    state: 'IL',
    zip: '60532',
    phone: '6305550100',
    email: 'ap@acme.example',
    priceLevel: 2,
    allMakesPriceLevel: 2,
    subGroupKey: 1,
  },
  {
    custNo: 10002,
    custName: 'Maple Haulage Ltd',
    program: 94,
    currency: 1,
    country: 1,
    addressName: 'Maple Haulage',
    contact: 'Lee Roy',
    address1: '22 King St W',
    city: 'Toronto',
    state: 'ON',
    zip: 'M5H 1A1',
    phone: '4165550111',
    email: 'ap@maple.example',
    priceLevel: 2,
    allMakesPriceLevel: 2,
    subGroupKey: 0,
  },
  {
    custNo: 10003,
    custName: 'Desert Rigs Co',
    program: 97,
    currency: 0,
    country: 0,
    status: 1,
    addressName: 'Desert Rigs',
    contact: 'Sam Ruiz',
    address1: '5 Mesa Rd',
    city: 'Phoenix',
    state: 'AZ',
    zip: '85001',
    phone: '6025550123',
    priceLevel: 0,
    allMakesPriceLevel: 0,
    subGroupKey: 3,
  },
  {
    custNo: 10004,
    custName: 'Lakeside Transport',
    program: 96,
    currency: 0,
    country: 0,
    addressName: 'Lakeside Transport',
    contact: 'Jo Park',
    address1: '9 Shore Dr',
    city: 'Madison',
    state: 'WI',
    zip: '53703',
    phone: '6085550144',
    priceLevel: 2,
    allMakesPriceLevel: 2,
    subGroupKey: 2,
  },
];

export async function seedCore(tx: Tx) {
  await tx.insert(customers).values(DEMO_CUSTOMERS).onConflictDoNothing();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const u of DEMO_USERS) {
    const { note: _note, ...input } = u;
    await upsertUser(tx, { ...input, grantedTasks: [...u.grantedTasks], passwordHash });
  }
}
