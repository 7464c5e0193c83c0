import { queryKeysFactory } from '@/lib/query-keys';

/** The audit history and its filter values (facets), both under `auditKeys.all`. */
export const auditKeys = queryKeysFactory('audit');
export const auditFacetKeys = queryKeysFactory('audit', 'facets');
