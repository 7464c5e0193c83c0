import { queryKeysFactory } from '@/lib/query-keys';

export const custProgramKeys = queryKeysFactory('loyalty-cust-programs');
export const spendBreakdownKeys = queryKeysFactory('loyalty-spend-breakdown');
