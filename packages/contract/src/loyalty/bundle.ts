import { z } from 'zod';
import { listQuerySchema } from '../core/list-query-schema';
import { msg, optionalText } from '../core/validation';

/** Bundles of item codes (LOY-18, LOY-19). */

export const BUNDLE_NAME_MAX = 64;
export const BUNDLE_TEXT_MAX = 200;

/** Stored 0 Active, any other value Inactive; the API answers the words. */
export const BundleStatus = { Active: 'Active', Inactive: 'Inactive' } as const;
export type BundleStatus = (typeof BundleStatus)[keyof typeof BundleStatus];
export const BUNDLE_STATUSES = [BundleStatus.Active, BundleStatus.Inactive] as const;

export const BundleCode = {
  DuplicateName: 'ALB01',
  NameRequired: 'ALB02',
  DuplicateCode: 'ALB15',
  InvalidCode: 'ALB16',
  NotFound: 'bundle-not-found',
  /** An inactive bundle allows no change (LOY-18, LOY-24). */
  Inactive: 'bundle-inactive',
  /** An active template uses it, so it cannot be deactivated (isDeactivatable false). */
  InUse: 'bundle-in-use',
} as const;

const bundleSeq = z.coerce
  .number({ error: msg('required', { field: 'bundle_seq' }) })
  .int({ error: msg('integer', { field: 'bundle_seq' }) })
  .min(1, { error: msg('required', { field: 'bundle_seq' }) })
  .max(2_147_483_647, { error: msg('integer', { field: 'bundle_seq' }) });

/** The bundle's form and the body object fc_loyalty_bundle: name, description, comment (bundle_seq on update). */
export const bundleFormSchema = z.object({
  name: z
    .string({ error: BundleCode.NameRequired })
    .trim()
    .min(1, { error: BundleCode.NameRequired })
    .max(BUNDLE_NAME_MAX, { error: msg('maxLength', { max: BUNDLE_NAME_MAX }) }),
  description: optionalText(BUNDLE_TEXT_MAX),
  comment: optionalText(BUNDLE_TEXT_MAX),
});
export type BundleForm = z.input<typeof bundleFormSchema>;

export const fcLoyaltyBundleSchema = bundleFormSchema.extend({ bundle_seq: bundleSeq.optional() });

/** POST /fc-common-api/loyalty/bundle/add and /loyalty/bundle/{id}/update. */
export const bundleBodySchema = z.strictObject({ fc_loyalty_bundle: fcLoyaltyBundleSchema });
export type BundleBody = z.input<typeof bundleBodySchema>;

/** POST /fc-common-api/loyalty/bundle/deactivate: bundle_seq and an optional comment (at most 200). */
export const bundleDeactivateBodySchema = z.strictObject({ bundle_seq: bundleSeq, comment: optionalText(BUNDLE_TEXT_MAX) });
export const bundleDeactivateFormSchema = z.object({ comment: optionalText(BUNDLE_TEXT_MAX) });

/** GET /fc-common-api/loyalty/bundle. */
export const bundleDetailQuerySchema = z.strictObject({ bundle_seq: bundleSeq });
/** Path parameters naming a bundle ({id} or {bundle}). */
export const bundlePathSchema = z.object({ id: bundleSeq });

export const BUNDLE_SORT_FIELDS = [
  'bundle_id',
  'bundle_name',
  'status',
  'description',
  'used_in_templates',
  'last_modified',
  'modified_by',
] as const;
export type BundleSortField = (typeof BUNDLE_SORT_FIELDS)[number];

/** GET /fc-common-api/loyalty-bundles and its CSV (bundle/csv). Default sort bundle_id ascending (section 7). */
export const bundleListQuerySchema = listQuerySchema({
  sortFields: BUNDLE_SORT_FIELDS,
  defaultSort: [{ field: 'bundle_id', direction: 'asc' }],
  filters: { status: z.enum(BUNDLE_STATUSES, { error: msg('invalid', { field: 'filter[status]' }) }) },
});

export const isBundleActive = (status: string | number | null | undefined) => status === BundleStatus.Active || status === 0;
/** Edit needs the modify permission and an active bundle (section 4). */
export const canEditBundle = (row: { status: string | number }, canModify: boolean) => canModify && isBundleActive(row.status);
/** Delete (deactivate) also needs isDeactivatable: no active template uses it. */
export const canDeactivateBundle = (row: { status: string | number; isDeactivatable: boolean }, canModify: boolean) =>
  canEditBundle(row, canModify) && row.isDeactivatable;

/** File names of the CSV exports: the kind, then the day as YYYY-MM-DD. */
export function loyaltyCsvFileName(kind: 'customers' | 'programs' | 'bundles', day: string): string {
  return `loyalty-${kind}-${day}.csv`;
}

/** The ISO day (YYYY-MM-DD) of a date in local time. */
export function isoDay(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}
