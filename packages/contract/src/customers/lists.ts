import { z } from 'zod';
import { listQuerySchema } from '../core/list-query-schema';
import { msg } from '../core/validation';
import { ACCOUNT_REQUEST_STATUSES } from './account-request';

/** GET /framework/customers: the customer maintenance list. */
export const CUSTOMER_SORT_FIELDS = ['cust_no', 'cust_name', 'program', 'city', 'state', 'country', 'status', 'created_at'] as const;
export const customerListQuerySchema = listQuerySchema({
  sortFields: CUSTOMER_SORT_FIELDS,
  // Newest first, so a customer just created is at the top of the maintenance list.
  defaultSort: [{ field: 'cust_no', direction: 'desc' }],
  filters: {
    program: z.coerce.number({ error: msg('integer') }).int(),
    status: z.coerce
      .number({ error: msg('integer') })
      .int()
      .min(0)
      .max(1),
    country: z.coerce
      .number({ error: msg('integer') })
      .int()
      .min(0)
      .max(3),
  },
  searchMax: 60,
});

/** GET /fc-common-api/users/account_requests: the corporate list of account requests. */
export const ACCOUNT_REQUEST_SORT_FIELDS = [
  'created_at',
  'full_name',
  'company_name',
  'account_number',
  'state',
  'status',
  'updated_at',
] as const;
export const accountRequestListQuerySchema = listQuerySchema({
  sortFields: ACCOUNT_REQUEST_SORT_FIELDS,
  defaultSort: [{ field: 'created_at', direction: 'desc' }],
  filters: { status: z.enum(ACCOUNT_REQUEST_STATUSES, { error: msg('invalid') }) },
  searchMax: 100,
});

/** The option lists of GET /framework/customers/options/{list}. */
export const CUSTOMER_OPTION_LISTS = ['link_customer', 'credit_rep', 'address', 'billing', 'customer'] as const;
export type CustomerOptionList = (typeof CUSTOMER_OPTION_LISTS)[number];

/** The link customer type-ahead answers at most this many customers (docs/decisions/0083). */
export const LINK_CUSTOMER_LIMIT = 50;
export const LINK_CUSTOMER_SEARCH_MAX = 60;

/** GET /framework/customers/options/link_customer?filter[search]=: a name that contains it or a number that starts with it. */
export const customerOptionsQuerySchema = z
  .strictObject({
    'filter[search]': z
      .string()
      .max(LINK_CUSTOMER_SEARCH_MAX, { error: msg('maxLength', { max: LINK_CUSTOMER_SEARCH_MAX }) })
      .optional(),
  })
  .transform((q) => ({ search: q['filter[search]']?.trim() || undefined }));

/** Dates of the audit filters: YYYYMMDD, as the portal sends dates. */
const auditDate = z.string().regex(/^\d{8}$/, { error: msg('date-format', { format: 'YYYYMMDD' }) });

/** GET /fc-common-api/audit (and /audit/csv): the audit history, filtered by entity, user and date range. */
export const AUDIT_SORT_FIELDS = ['at', 'username', 'entity', 'action', 'entity_id'] as const;
export const auditFilterShape = {
  entity: z.string().max(60),
  user: z.string().max(64),
  from: auditDate,
  to: auditDate,
};
export const auditListQuerySchema = listQuerySchema({
  sortFields: AUDIT_SORT_FIELDS,
  defaultSort: [{ field: 'at', direction: 'desc' }],
  filters: auditFilterShape,
  searchMax: 100,
});
