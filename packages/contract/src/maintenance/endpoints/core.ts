import { z } from 'zod';
import { endpoint, jsonApi, type AttributesOf } from '../../core/endpoint';
import { writeAccess } from '../../core/writes';
import type { FileMessage } from '../../files/messages';
import { CORE_FILE_TYPES, CORE_STATUSES, coreListQuerySchema } from '../core';

/** A customer's core part (CORE-01): Price Verify rows carry their verified price, Coreless rows none. */
export const corePartAttributes = z.object({
  name: z.string(),
  'cust-no': z.number(),
  'part-no': z.string(),
  'effective-date': z.string(),
  'expiry-date': z.string().nullable(),
  status: z.enum(CORE_STATUSES),
  'file-type': z.enum(CORE_FILE_TYPES),
  /** Price Verify rows: the verified price (at or below the programme price); null for Coreless. */
  price: z.string().nullable(),
});

/** A row of the core parts list (after the client flattens it). */
export type CorePartRow = AttributesOf<typeof coreEndpoints.list> & { id: string };

/** ?job_id= of the status and report calls: the job id an upload answered. */
export const coreJobQuerySchema = z.strictObject({ job_id: z.uuid() });

/** The processing state of a core upload, polled until os-return-code is set. */
export const coreUploadStatusAttributes = z.object({
  state: z.string(),
  'os-return-code': z.number().nullable(),
  'unit-status': z.number().nullable(),
  /** The outcome in English, for other API clients; the web app shows message-code with message-values. */
  message: z.string().nullable(),
  'message-code': z.string().nullable(),
  'message-values': z.custom<FileMessage['values']>((v) => typeof v === 'object').nullable(),
  'rows-done': z.number(),
  'rows-total': z.number().nullable(),
  'has-report': z.boolean(),
  'file-name': z.string(),
});

/** The multipart form of an upload (documented; the handler reads the streamed file). */
const coreUploadForm = z.object({
  file: z.string().describe('The CSV file (cust_no, part_no, effective_date, expiry_date, status, price)'),
  type: z.string().describe('0 Coreless, 1 Price Verify'),
});

/** Core management (CORE-01 to CORE-07). */
export const coreEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/fc-common-api/fc-core-maintainance',
    tag: 'maintenance',
    summary: 'The core parts of customers, paged, sorted and filtered by name, customer, part and status',
    access: 'coreView',
    query: coreListQuerySchema,
    answer: jsonApi('core-parts', corePartAttributes, { list: true }),
  }),
  upload: endpoint({
    method: 'POST',
    path: '/fc-common-api/parts/core-management',
    tag: 'maintenance',
    summary: 'Uploads a core file (Coreless or Price Verify), processed in the background',
    access: writeAccess('POST /fc-common-api/parts/core-management'),
    body: coreUploadForm,
    bodyMediaType: 'multipart',
    answer: jsonApi('result', z.looseObject({ status: z.string(), 'job-id': z.string(), sequence: z.number() }), { status: 202 }),
  }),
  status: endpoint({
    method: 'GET',
    path: '/fc-common-api/parts/core-management/status',
    tag: 'maintenance',
    summary: 'The processing state of a core upload',
    access: 'coreView',
    query: coreJobQuerySchema,
    answer: jsonApi('core-uploads', coreUploadStatusAttributes),
  }),
  report: endpoint({
    method: 'GET',
    path: '/fc-common-api/parts/core-management/report',
    tag: 'maintenance',
    summary: 'The report of a core upload’s rejected rows (row, column, value, reason), as CSV',
    access: 'coreView',
    query: coreJobQuerySchema,
    answer: { kind: 'file', mediaType: 'text/csv' },
  }),
};
