import { z } from 'zod';
import { endpoint, jsonApi } from '../../core/endpoint';
import { writeAccess } from '../../core/writes';
import { FileMessageCode } from '../message-codes';
import type { FileMessage } from '../messages';
import { InboundKinds, priceDownloadQuerySchema, priceStatusQuerySchema, UnitStatus } from '../inbound';

const noQuery = z.strictObject({});
const messageCode = z.enum(Object.values(FileMessageCode) as [FileMessageCode, ...FileMessageCode[]]).nullable();
/** The values of a file message (checked against its code where it is written: fileMessageSchema). */
const messageValues = z.custom<FileMessage['values']>((v) => typeof v === 'object').nullable();
const multipartFile = z.object({ file: z.string().describe('The CSV file') });

/** One price file of the price report (FILE-01, FILE-03). */
export const priceFileAttributes = z.object({
  'entry-date': z.string(),
  sequence: z.number(),
  status: z.number(),
  'file-name': z.string(),
  'merchant-no': z.number().nullable(),
  message: z.string().nullable(),
  'message-code': messageCode,
  'message-values': messageValues,
  'rows-done': z.number(),
  'rows-total': z.number().nullable(),
});

/** A price file's job, polled every second while it runs (FILE-05). */
export const jobStatusAttributes = z.object({
  'job-id': z.string(),
  sequence: z.number(),
  status: z.number(),
  'os-return-code': z.number().nullable(),
  'rows-done': z.number(),
  'rows-total': z.number().nullable(),
  message: z.string().nullable(),
  'message-code': messageCode,
  'message-values': messageValues,
});

/** A unit of the file-status page; nested keys keep the specification's names (FILE-04, FILE-09). */
export const fileStatusUnitSchema = z.object({
  seq: z.number(),
  name: z.string(),
  kind: z.enum(InboundKinds),
  status: z.union([z.literal(UnitStatus.Success), z.literal(UnitStatus.Failure), z.literal(UnitStatus.Ok)]),
  /** English; `status-msg-code` with `status-msg-values` is what the web app translates. */
  'status-msg': z.string(),
  'status-msg-code': messageCode,
  'status-msg-values': messageValues,
  'finished-at': z.string().nullable(),
});

export const priceFileEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/fc-common-api/mpp/price',
    tag: 'files',
    summary: 'Upload a price file (CSV: part_no, price, effective_date); corporate staff name the dealer in merchant_no',
    access: writeAccess('POST /fc-common-api/mpp/price'),
    body: multipartFile.extend({ merchant_no: z.string().optional() }),
    bodyMediaType: 'multipart',
    answer: jsonApi('price-file-job', z.object({ job_id: z.string().nullable(), sequence: z.number(), status: z.number() }), {
      status: 202,
    }),
  }),
  list: endpoint({
    method: 'GET',
    path: '/fc-common-api/mpp/index',
    tag: 'files',
    summary: 'The price files of this dealer (every dealer’s for corporate staff), newest first',
    access: 'priceFiles',
    query: noQuery,
    answer: jsonApi('price-files', priceFileAttributes, {
      meta: z.looseObject({ record_count: z.number(), record_count_estimated: z.literal(true).optional() }),
    }),
  }),
  status: endpoint({
    method: 'GET',
    path: '/fc-common-api/mpp/status',
    tag: 'files',
    summary: 'The state of a price file’s job: os_return_code stays null while it runs',
    access: 'priceFiles',
    query: priceStatusQuerySchema,
    answer: jsonApi('job-status', jobStatusAttributes),
  }),
  download: endpoint({
    method: 'GET',
    path: '/fc-common-api/mpp/download',
    tag: 'files',
    summary: 'The result CSV of a processed price file',
    access: 'priceFiles',
    query: priceDownloadQuerySchema,
    answer: { kind: 'file', mediaType: 'text/csv' },
  }),
  fileStatus: endpoint({
    method: 'GET',
    path: '/fc-common-api/file-status',
    tag: 'files',
    summary: 'The processed files grouped by processing date, newest first',
    access: 'priceFiles',
    query: noQuery,
    answer: jsonApi('file-status', z.object({ date: z.string(), units: z.array(fileStatusUnitSchema) })),
  }),
  transactionFile: endpoint({
    method: 'POST',
    path: '/fc-common-api/transactions/file',
    tag: 'files',
    summary: 'Upload the daily transaction file (corporate staff)',
    access: writeAccess('POST /fc-common-api/transactions/file'),
    body: multipartFile,
    bodyMediaType: 'multipart',
    answer: jsonApi('inbound-file', z.object({ job_id: z.string().nullable(), sequence: z.number() }), { status: 202 }),
  }),
};
