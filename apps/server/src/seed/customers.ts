import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { accountRequests, cards, customers } from '../db/schema/index';

/**
 * Cards of the demo customers with card options and column rules. The purchase requirements page shows a
 * customer's first card; across the first cards of 10001 to 10004 (demo sign-ins customer, customer2,
 * customer3, customer4) every card-option code (PREQ-03) appears (3, 4, 9, 10, 12, 14, 15,
 * 29, 30, 35, 38-44; one duplicate-PO window per card), and every subgroup key (10001: 1, 10002: 0,
 * 10003: 3, 10004: 2).
 */
export const DEMO_CARDS: (typeof cards.$inferInsert)[] = [
  {
    custNo: 10001,
    cardNo: '7083 0512 3456 0001',
    cardTypes: 'Fleet card, Driver card',
    showCard: true,
    usAllowed: true,
    caAllowed: true,
    ebs: 'Y',
    cardOptions: [3, 4, 9, 10, 12, 14, 38, 42],
    columnRules: [
      { columnType: 0, ruleType: 1, value: 'PO' },
      { columnType: 0, ruleType: 0, value: '8' },
      { columnType: 1, ruleType: 0, value: '6' },
      { columnType: 1, ruleType: 2, value: 'T' },
      { columnType: 0, ruleType: 3, value: '2500' },
    ],
  },
  {
    custNo: 10002,
    cardNo: '7083 0512 3456 0002',
    cardTypes: 'Fleet card',
    showCard: false,
    usAllowed: false,
    caAllowed: true,
    ebs: 'N',
    cardOptions: [15, 29, 30, 35, 39, 43],
    columnRules: [
      { columnType: 2, ruleType: 1, value: '2NP' },
      { columnType: 2, ruleType: 0, value: '17' },
    ],
  },
  {
    custNo: 10003,
    cardNo: '7083 0512 3456 0003',
    cardTypes: 'Fleet card, Vehicle card',
    showCard: true,
    usAllowed: true,
    caAllowed: false,
    ebs: 'N',
    cardOptions: [3, 10, 14, 40],
    columnRules: [
      { columnType: 1, ruleType: 1, value: 'DR' },
      { columnType: 1, ruleType: 0, value: '7' },
    ],
  },
  {
    custNo: 10004,
    cardNo: '7083 0512 3456 0004',
    cardTypes: 'Fleet card, Vehicle card',
    showCard: true,
    usAllowed: true,
    caAllowed: false,
    ebs: 'Y',
    cardOptions: [4, 9, 12, 41, 44],
    columnRules: [
      { columnType: 0, ruleType: 1, value: 'LK' },
      { columnType: 0, ruleType: 2, value: 'W' },
      { columnType: 0, ruleType: 0, value: '10' },
    ],
  },
  // A second card of 10004: the page shows the first card only, so these options are not on it.
  {
    custNo: 10004,
    cardNo: '7083 0512 3456 0104',
    cardTypes: 'Vehicle card',
    showCard: true,
    usAllowed: true,
    caAllowed: false,
    ebs: 'N',
    cardOptions: [3, 29],
    columnRules: [],
  },
];

/** Customer flags of the purchase requirements page (PO required on credits, tax exemption). */
const DEMO_FLAGS: Record<number, Record<string, boolean>> = {
  10001: { poNumRequiredOnCredits: true, taxExempt: false, hasCumminsDiscount: false },
  10002: { poNumRequiredOnCredits: false, taxExempt: true, hasCumminsDiscount: true },
  10003: { poNumRequiredOnCredits: false, taxExempt: false, hasCumminsDiscount: false },
  10004: { poNumRequiredOnCredits: true, taxExempt: true, hasCumminsDiscount: false },
};

export const DEMO_ACCOUNT_REQUESTS: (typeof accountRequests.$inferInsert)[] = [
  {
    fullName: 'Riley Stone',
    jobTitle: 'Fleet manager',
    phone: '3125550142',
    email: 'riley@stonefreight.example',
    accountNumber: 12001,
    companyName: 'Stone Freight',
    address: '400 Wacker Dr',
    city: 'Chicago',
    state: 'IL',
    country: 'US',
    zip: '60606',
  },
  {
    fullName: 'Camille Roy',
    jobTitle: 'Comptable',
    phone: '5145550177',
    email: 'camille@roytransport.example',
    accountNumber: 12002,
    companyName: 'Transport Roy',
    address: '88 rue Sainte-Catherine',
    city: 'Montréal',
    state: 'QC',
    country: 'CA',
    zip: 'H2X 1K4',
    status: 'in-review',
    reviewedBy: 'corp',
  },
];

export async function seedCustomers(tx: Tx) {
  const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(cards);
  if (Number(n) === 0) await tx.insert(cards).values(DEMO_CARDS);
  for (const [custNo, flags] of Object.entries(DEMO_FLAGS)) {
    await tx
      .update(customers)
      .set({ options: sql`${customers.options} || ${JSON.stringify(flags)}::jsonb` })
      .where(eq(customers.custNo, Number(custNo)));
  }
  const [{ r } = { r: 0 }] = await tx.select({ r: sql<number>`count(*)::int` }).from(accountRequests);
  if (Number(r) === 0) await tx.insert(accountRequests).values(DEMO_ACCOUNT_REQUESTS);
}
