import { z } from 'zod';
import { endpoint, jsonApi, resultAnswer, type CamelKeys } from '../../core/endpoint';
import { writeAccess } from '../../core/writes';
import { BUNDLE_STATUSES, bundleBodySchema, bundleDeactivateBodySchema, bundleDetailQuerySchema, bundleListQuerySchema } from '../bundle';
import { pathSeq } from './params';

/** A row of the bundle list (LOY-18): the bundle and the templates that use it. */
export const bundleRowAttributes = z.object({
  'bundle-id': z.number(),
  'bundle-name': z.string(),
  status: z.enum(BUNDLE_STATUSES),
  description: z.string().nullable(),
  comment: z.string().nullable(),
  /** Names of the templates that use the bundle, comma separated. */
  'used-in-templates': z.string(),
  /** The same names one by one (beyond the specification): a template name may itself hold a comma. */
  'used-in-template-names': z.array(z.string()),
  'last-modified': z.string(),
  'modified-by': z.string().nullable(),
  /** No active template uses it. */
  'is-deactivatable': z.boolean(),
});
export type BundleRow = CamelKeys<z.output<typeof bundleRowAttributes>>;

/** One bundle (LOY-19); bundle-id equals bundle-seq, status 0 is Active and any other value Inactive. */
export const bundleDetailsAttributes = z.object({
  'bundle-seq': z.number(),
  'bundle-id': z.number(),
  'bundle-name': z.string(),
  description: z.string().nullable(),
  comment: z.string().nullable(),
  status: z.number(),
  'deactivate-comment': z.string().nullable(),
  'item-code-count': z.number(),
  'last-modified': z.string(),
  'modified-by': z.string().nullable(),
});
export type BundleDetails = CamelKeys<z.output<typeof bundleDetailsAttributes>>;

const written = resultAnswer({ success: z.boolean(), 'bundle-seq': z.number() });

/** The bundles of item codes of the loyalty back office (LOY-18, LOY-19, LOY-24). */
export const bundleEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/fc-common-api/loyalty-bundles',
    tag: 'loyalty',
    summary: 'The bundles of item codes, paged, sorted, searched and filtered by status',
    access: 'corpLoyaltyView',
    query: bundleListQuerySchema,
    answer: jsonApi('loyalty-bundles', bundleRowAttributes, { list: true }),
  }),
  csv: endpoint({
    method: 'GET',
    path: '/fc-common-api/loyalty/bundle/csv',
    tag: 'loyalty',
    summary: 'Every bundle the list’s search and sort match, as CSV',
    access: 'corpLoyaltyView',
    query: bundleListQuerySchema,
    answer: { kind: 'file', mediaType: 'text/csv' },
  }),
  details: endpoint({
    method: 'GET',
    path: '/fc-common-api/loyalty/bundle',
    tag: 'loyalty',
    summary: 'One bundle with its number of item codes',
    access: 'corpLoyaltyView',
    query: bundleDetailQuerySchema,
    answer: jsonApi('loyalty-bundle', bundleDetailsAttributes),
  }),
  add: endpoint({
    method: 'POST',
    path: '/fc-common-api/loyalty/bundle/add',
    tag: 'loyalty',
    summary: 'Add a bundle: name, description and comment',
    access: writeAccess('POST /fc-common-api/loyalty/bundle/add'),
    body: bundleBodySchema,
    answer: written,
  }),
  update: endpoint({
    method: 'POST',
    path: '/fc-common-api/loyalty/bundle/:id/update',
    tag: 'loyalty',
    summary: 'Change an active bundle’s name, description and comment',
    access: writeAccess('POST /fc-common-api/loyalty/bundle/:id/update'),
    params: z.object({ id: pathSeq('id') }),
    body: bundleBodySchema,
    answer: written,
  }),
  deactivate: endpoint({
    method: 'POST',
    path: '/fc-common-api/loyalty/bundle/deactivate',
    tag: 'loyalty',
    summary: 'Deactivate a bundle that no active template uses, with an optional comment',
    access: writeAccess('POST /fc-common-api/loyalty/bundle/deactivate'),
    body: bundleDeactivateBodySchema,
    answer: resultAnswer({ success: z.boolean() }),
  }),
};
