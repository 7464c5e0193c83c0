import { queryKeysFactory } from '@/lib/query-keys';

export const priceFileKeys = queryKeysFactory('price-files');
export const fileStatusKeys = queryKeysFactory('file-status');
