import { queryKeysFactory } from '@/lib/query-keys';

export const taxRateKeys = queryKeysFactory('tax-rates');
export const estesPartKeys = queryKeysFactory('estes-part');
export const corePartKeys = queryKeysFactory('core-parts');
