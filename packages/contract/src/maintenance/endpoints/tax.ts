import { z } from 'zod';
import { endpoint, jsonApi, resultAnswer, type AttributesOf } from '../../core/endpoint';
import { writeAccess } from '../../core/writes';
import { taxCreateSchema, taxExpireSchema, taxListQuerySchema } from '../tax';

/** A customer location's tax rate (TAX-01): the rate a fraction with 6 decimals, dates YYYY-MM-DD. */
export const taxRateAttributes = z.object({
  name: z.string(),
  'cust-no': z.number(),
  program: z.number(),
  location: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  'tax-rate': z.string(),
  'effective-date': z.string(),
  'expiry-date': z.string().nullable(),
  'cust-tax-rate-seq': z.number(),
});

/** Tax configuration (TAX-01 to TAX-09). */
export const taxEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/fc-common-api/cust/tax/estes',
    tag: 'maintenance',
    summary: 'The tax rates of customer locations, paged, sorted and filtered by name, number and location',
    access: 'taxView',
    query: taxListQuerySchema,
    answer: jsonApi('tax-rates', taxRateAttributes, { list: true }),
  }),
  csv: endpoint({
    method: 'GET',
    path: '/fc-common-api/cust/tax/estes_csv',
    tag: 'maintenance',
    summary: 'Every tax rate the list’s filters and sort match, as CSV',
    access: 'taxView',
    query: taxListQuerySchema,
    answer: { kind: 'file', mediaType: 'text/csv' },
  }),
  create: endpoint({
    method: 'POST',
    path: '/fc-common-api/cust/tax/estes_create',
    tag: 'maintenance',
    summary: 'Adds a tax rate for a customer location, from its effective date (and to its expiry date)',
    access: writeAccess('POST /fc-common-api/cust/tax/estes_create'),
    body: taxCreateSchema,
    answer: resultAnswer({ 'cust-tax-rate-seq': z.number() }, 201),
  }),
  expire: endpoint({
    method: 'POST',
    path: '/fc-common-api/cust/tax/estes_expire',
    tag: 'maintenance',
    summary: 'Sets the expiry date of a tax rate that has not expired',
    access: writeAccess('POST /fc-common-api/cust/tax/estes_expire'),
    body: taxExpireSchema,
    answer: resultAnswer({ 'cust-tax-rate-seq': z.number(), 'expiry-date': z.string().nullable() }),
  }),
};

/** A row of the tax rates list (after the client flattens it). */
export type TaxRateRow = AttributesOf<typeof taxEndpoints.list> & { id: string };
