import { z } from 'zod';
import { endpoint, jsonApi, resultAnswer, type CamelKeys } from '../../core/endpoint';
import { writeAccess } from '../../core/writes';
import { itemCodeListQuerySchema, itemCodesAddBodySchema, itemCodeUpdateBodySchema } from '../item-code';
import { pathSeq } from './params';

/** An item code of a bundle (LOY-21). */
export const itemCodeRowAttributes = z.object({
  'item-code-seq': z.number(),
  'bundle-seq': z.number(),
  'item-code': z.string(),
  description: z.string().nullable(),
  comment: z.string().nullable(),
  'date-added': z.string(),
  'last-modified': z.string(),
  'modified-by': z.string().nullable(),
});
export type ItemCodeRow = CamelKeys<z.output<typeof itemCodeRowAttributes>>;

const bundleParams = z.object({ bundle: pathSeq('bundle') });

/** The item codes of a bundle (LOY-21 to LOY-23, LOY-27). */
export const itemCodeEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/fc-common-api/loyalty-item-codes',
    tag: 'loyalty',
    summary: 'The item codes of one bundle (filter[bundle_seq]), paged, sorted and searched',
    access: 'corpLoyaltyView',
    query: itemCodeListQuerySchema,
    answer: jsonApi('loyalty-item-codes', itemCodeRowAttributes, { list: true }),
  }),
  csv: endpoint({
    method: 'GET',
    path: '/fc-common-api/loyalty/bundles/:bundle/item-codes/csv',
    tag: 'loyalty',
    summary: 'Every item code of a bundle the list’s search and sort match, as CSV',
    access: 'corpLoyaltyView',
    params: bundleParams,
    query: itemCodeListQuerySchema,
    answer: { kind: 'file', mediaType: 'text/csv' },
  }),
  add: endpoint({
    method: 'POST',
    path: '/fc-common-api/loyalty/bundle/:id/item_codes/add',
    tag: 'loyalty',
    summary: 'Add up to 250 item codes to an active bundle, with their descriptions and one comment',
    access: writeAccess('POST /fc-common-api/loyalty/bundle/:id/item_codes/add'),
    params: z.object({ id: pathSeq('id') }),
    body: itemCodesAddBodySchema,
    answer: resultAnswer({ success: z.boolean(), added: z.number() }),
  }),
  update: endpoint({
    method: 'POST',
    path: '/fc-common-api/loyalty/bundles/:bundle/item-codes/:itemCodeSeq/update',
    tag: 'loyalty',
    summary: 'Change an item code of an active bundle: its code, description and comment',
    access: writeAccess('POST /fc-common-api/loyalty/bundles/:bundle/item-codes/:itemCodeSeq/update'),
    params: z.object({ bundle: pathSeq('bundle'), itemCodeSeq: pathSeq('itemCodeSeq') }),
    body: itemCodeUpdateBodySchema,
    answer: resultAnswer({ success: z.boolean(), 'item-code': z.string() }),
  }),
  delete: endpoint({
    method: 'POST',
    path: '/fc-common-api/loyalty/bundles/:bundle/item-codes/:code/delete',
    tag: 'loyalty',
    summary: 'Remove an item code from an active bundle',
    access: writeAccess('POST /fc-common-api/loyalty/bundles/:bundle/item-codes/:code/delete'),
    params: z.object({ bundle: pathSeq('bundle'), code: z.string().trim().min(1).max(5) }),
    answer: resultAnswer({ success: z.boolean() }),
  }),
  importCsv: endpoint({
    method: 'POST',
    path: '/fc-common-api/loyalty/bundles/:bundle/item-codes/add/csv',
    tag: 'loyalty',
    summary: 'Add the item codes of a CSV file (item_code, description) to an active bundle: all of them or none',
    description: 'One file in the multipart field `file`; a refused file answers 400 with one error per row (at most 20).',
    access: writeAccess('POST /fc-common-api/loyalty/bundles/:bundle/item-codes/add/csv'),
    params: bundleParams,
    body: z.object({ file: z.string().describe('The CSV file') }),
    bodyMediaType: 'multipart',
    answer: resultAnswer({ success: z.boolean(), added: z.number(), 'file-seq': z.number() }),
  }),
};
