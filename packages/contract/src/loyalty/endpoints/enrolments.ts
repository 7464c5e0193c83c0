import { z } from 'zod';
import { endpoint, jsonApi, resultAnswer } from '../../core/endpoint';
import { writeAccess } from '../../core/writes';
import { EnrolmentStatus } from '../engine';
import {
  custsAddBodySchema,
  custsDelBodySchema,
  customerOptionAttributes,
  customerOptionsQuerySchema,
  enrolmentAttributes,
  enrolmentListQuerySchema,
} from '../enrolment';

/**
 * Customer enrolments of the corporate back office (LOY-05 to LOY-09): the list, its CSV, the customers
 * the add form offers, enrolling and unenrolling. Reading needs task 508 or 509; a change needs 509.
 */
export const enrolmentEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/fc-common-api/loyalty-custs',
    tag: 'loyalty',
    summary: 'The customer enrolment list, paged, sorted, searched and filtered by programme',
    access: 'corpLoyaltyView',
    query: enrolmentListQuerySchema,
    answer: jsonApi('loyalty-custs', enrolmentAttributes, { list: true }),
  }),
  csv: endpoint({
    method: 'GET',
    path: '/fc-common-api/loyalty/custs_csv',
    tag: 'loyalty',
    summary: 'Every enrolment the list’s search and sort match, as CSV',
    access: 'corpLoyaltyView',
    query: enrolmentListQuerySchema,
    answer: { kind: 'file', mediaType: 'text/csv' },
  }),
  customerOptions: endpoint({
    method: 'GET',
    path: '/fc-common-api/loyalty-customer-options',
    tag: 'loyalty',
    summary: 'The customers the enrolment form offers: label, value, currency, program, status',
    access: 'corpLoyaltyView',
    query: customerOptionsQuerySchema,
    answer: jsonApi('loyalty-customer-options', customerOptionAttributes, { list: true }),
  }),
  add: endpoint({
    method: 'POST',
    path: '/fc-common-api/loyalty/custs_add',
    tag: 'loyalty',
    summary: 'Enrols a customer in a programme (fc_loyalty_cust)',
    access: writeAccess('POST /fc-common-api/loyalty/custs_add'),
    body: custsAddBodySchema,
    answer: resultAnswer({
      success: z.boolean(),
      'cust-loyalty-program-seq': z.number(),
      'loyalty-program-status': z.enum(EnrolmentStatus),
    }),
  }),
  remove: endpoint({
    method: 'POST',
    path: '/fc-common-api/loyalty/custs_del',
    tag: 'loyalty',
    summary: 'Unenrols an enrolled or pre-enrolled customer (cust_loyalty_program_seq)',
    access: writeAccess('POST /fc-common-api/loyalty/custs_del'),
    body: custsDelBodySchema,
    answer: resultAnswer({ success: z.boolean() }),
  }),
};
