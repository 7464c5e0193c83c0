import { queryKeysFactory } from '@/lib/query-keys';

/** A write of the feature invalidates `corpLoyaltyKeys.all`: an enrolment or a bundle changes the other lists' columns. */
export const corpLoyaltyKeys = queryKeysFactory('corp-loyalty');
export const bundleKeys = queryKeysFactory('corp-loyalty', 'bundles');
export const templateKeys = queryKeysFactory('corp-loyalty', 'templates');
export const itemCodeKeys = queryKeysFactory('corp-loyalty', 'item-codes');
export const enrolmentKeys = queryKeysFactory('corp-loyalty', 'enrolments');
export const customerOptionKeys = queryKeysFactory('corp-loyalty', 'customer-options');
