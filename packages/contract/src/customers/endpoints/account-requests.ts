import { z } from 'zod';
import { endpoint, jsonApi, resultAnswer } from '../../core/endpoint';
import { writeAccess } from '../../core/writes';
import { ACCOUNT_REQUEST_STATUSES, accountRequestSchema, accountRequestStatusSchema } from '../account-request';
import { accountRequestListQuerySchema } from '../lists';

/** One account request as corporate staff review it (ACCT-06). */
export const accountRequestAttributes = z.object({
  'full-name': z.string(),
  'job-title': z.string(),
  phone: z.string(),
  email: z.string(),
  'account-number': z.number(),
  'company-name': z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zip: z.string(),
  status: z.enum(ACCOUNT_REQUEST_STATUSES),
  'reviewed-by': z.string().nullable(),
  'created-at': z.string(),
  'updated-at': z.string(),
});

/** The number of an account request in the path. */
export const accountRequestIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});

export const accountRequestEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/fc-common-api/users/create_account_request',
    tag: 'customers',
    summary: 'Requests a portal account (the request account form); support is mailed',
    access: writeAccess('POST /fc-common-api/users/create_account_request'),
    body: accountRequestSchema,
    answer: resultAnswer({ 'request-id': z.number() }),
  }),
  list: endpoint({
    method: 'GET',
    path: '/fc-common-api/users/account_requests',
    tag: 'customers',
    summary: 'The account requests, paged, sorted, searched and filtered by status',
    access: 'corporate',
    query: accountRequestListQuerySchema,
    answer: jsonApi('account-requests', accountRequestAttributes, { list: true }),
  }),
  csv: endpoint({
    method: 'GET',
    path: '/fc-common-api/users/account_requests/csv',
    tag: 'customers',
    summary: 'Every account request the list’s filters and sort match, as CSV',
    access: 'corporate',
    query: accountRequestListQuerySchema,
    answer: { kind: 'file', mediaType: 'text/csv' },
  }),
  setStatus: endpoint({
    method: 'POST',
    path: '/fc-common-api/users/account_requests/:id/status',
    tag: 'customers',
    summary: 'Moves an account request to another review status (approving needs a fresh sign-in check)',
    access: writeAccess('POST /fc-common-api/users/account_requests/:id/status'),
    params: accountRequestIdParams,
    body: accountRequestStatusSchema,
    answer: resultAnswer({ 'request-status': z.enum(ACCOUNT_REQUEST_STATUSES), 'reviewed-by': z.string().nullable() }),
  }),
};
