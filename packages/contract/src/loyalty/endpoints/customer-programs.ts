import { z } from 'zod';
import { endpoint, jsonApi } from '../../core/endpoint';
import {
  breakdownAttributes,
  breakdownMetaSchema,
  custEnrolmentQuerySchema,
  custProgramAttributes,
  custProgramsQuerySchema,
} from '../customer';

/**
 * The customer loyalty page's calls (LOY-30, LOY-31, LOY-33): the programme cards, the spend-details
 * export and the breakdown of qualifying and excluded spend.
 */
export const custProgramEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/fc-common-api/loyalty-cust-programs',
    tag: 'loyalty',
    summary: 'The loyalty programme cards of a customer, active or history',
    access: 'custLoyaltyView',
    query: custProgramsQuerySchema,
    answer: jsonApi('loyalty-cust-programs', custProgramAttributes, { meta: z.object({ record_count: z.number() }) }),
  }),
  spendDetails: endpoint({
    method: 'GET',
    path: '/fc-common-api/loyalty/cust_details',
    tag: 'loyalty',
    summary: 'The customer transactions export of one enrolment, as CSV',
    access: 'custLoyaltyView',
    query: custEnrolmentQuerySchema,
    answer: { kind: 'file', mediaType: 'text/csv' },
  }),
  breakdown: endpoint({
    method: 'GET',
    path: '/fc-common-api/loyalty/cust_breakdown',
    tag: 'loyalty',
    summary: 'The purchases of one enrolment by item code, qualifying or excluded, with their totals',
    access: 'custLoyaltyView',
    query: custEnrolmentQuerySchema,
    answer: jsonApi('loyalty-spend-breakdown', breakdownAttributes, { meta: breakdownMetaSchema }),
  }),
};
