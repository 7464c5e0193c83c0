import { queryKeysFactory } from '@/lib/query-keys';

/** The customer list and one customer's details (table-prefetch.ts and the first frame ask through `customersQuery`). */
export const customerKeys = queryKeysFactory('customers');
export const customerOptionKeys = queryKeysFactory('customer-options');
export const accountRequestKeys = queryKeysFactory('account-requests');
export const purchasingRequirementKeys = queryKeysFactory('purchasing-requirements');
export const stateKeys = queryKeysFactory('address-states');
