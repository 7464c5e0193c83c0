import type { EndpointRefs } from '../../core/endpoint';
import type { customerEndpoints } from './customers';

/**
 * The method and path of each customer endpoint, written once: the descriptions in customers.ts spread them,
 * and the customer list's first frame calls them through `customerEndpointRefs` without loading the
 * descriptions' schemas (zod, libphonenumber-js; decision 0950). This module imports nothing at run time.
 */
export const customerPaths = {
  options: { method: 'GET', path: '/framework/customers/options/:list' },
  create: { method: 'POST', path: '/framework/customers/create' },
  list: { method: 'GET', path: '/framework/customers' },
  csv: { method: 'GET', path: '/framework/customers/csv' },
  details: { method: 'GET', path: '/framework/customers/:custNo' },
} as const;

/** The customer endpoints for a caller: method and path, typed by their descriptions. */
export const customerEndpointRefs: EndpointRefs<typeof customerEndpoints> = customerPaths;
