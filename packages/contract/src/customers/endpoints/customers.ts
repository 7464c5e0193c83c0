import { z } from 'zod';
import { endpoint, jsonApi, resultAnswer } from '../../core/endpoint';
import { writeAccess } from '../../core/writes';
import { createCustomerSchema } from '../create-customer';
import { customerListQuerySchema, customerOptionsQuerySchema } from '../lists';
import { customerPaths } from './customer-paths';

/** One row of the customer maintenance list. */
export const customerRowAttributes = z.object({
  'cust-no': z.number(),
  'cust-name': z.string(),
  program: z.number(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.number(),
  status: z.number(),
  currency: z.number(),
  'created-at': z.string(),
});

/**
 * One customer: its columns and the options stored at creation (pay-days, bank-name, ...), the bank numbers
 * masked to their last four digits.
 */
export const customerDetailsAttributes = z.looseObject({
  ...customerRowAttributes.shape,
  language: z.number(),
  dba: z.string().nullable(),
  'address-name': z.string().nullable(),
  contact: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  zip: z.string().nullable(),
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  email: z.string().nullable(),
  'price-level': z.number().nullable(),
  'all-makes-price-level': z.number().nullable(),
  'sub-group-key': z.number(),
  'link-cust-no': z.number().nullable(),
  'bank-acct-number': z.string().nullable(),
  'bank-aba-number': z.string().nullable(),
  'updated-at': z.string(),
});

/** One option list of the create form, by the payload field it fills (link_cust_no, state, ...). */
export const customerOptionGroupAttributes = z.object({
  name: z.string(),
  options: z.array(z.object({ value: z.union([z.number(), z.string()]), label: z.string(), country: z.string().optional() })),
});

export const customerOptionListParams = z.object({ list: z.string().max(40) });
export const custNoParams = z.object({ custNo: z.coerce.number().int().min(1).max(99999) });

export const customerEndpoints = {
  options: endpoint({
    ...customerPaths.options,
    tag: 'customers',
    summary: 'An option list of the create customer form (link customer, credit rep, address, billing, customer)',
    access: 'corporate',
    params: customerOptionListParams,
    query: customerOptionsQuerySchema,
    answer: jsonApi('customer-options', customerOptionGroupAttributes),
  }),
  create: endpoint({
    ...customerPaths.create,
    tag: 'customers',
    summary: 'Creates a customer with its first location and card; the server assigns the customer number',
    access: writeAccess('POST /framework/customers/create'),
    body: createCustomerSchema,
    answer: resultAnswer({ 'cust-no': z.number() }),
  }),
  list: endpoint({
    ...customerPaths.list,
    tag: 'customers',
    summary: 'The customers, paged, sorted, searched and filtered by program, status and country',
    access: 'corporate',
    query: customerListQuerySchema,
    answer: jsonApi('customers', customerRowAttributes, { list: true }),
  }),
  csv: endpoint({
    ...customerPaths.csv,
    tag: 'customers',
    summary: 'Every customer the list’s filters and sort match, as CSV',
    access: 'corporate',
    query: customerListQuerySchema,
    answer: { kind: 'file', mediaType: 'text/csv' },
  }),
  details: endpoint({
    ...customerPaths.details,
    tag: 'customers',
    summary: 'One customer with the options it was created with',
    access: 'corporate',
    params: custNoParams,
    answer: jsonApi('customers', customerDetailsAttributes),
  }),
};
