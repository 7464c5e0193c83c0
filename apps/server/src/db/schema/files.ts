import { sql } from 'drizzle-orm';
import {
  bigserial,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * Files travel as base64 text decoded by the database: PGlite turns a bytea parameter into text in
 * JavaScript, which held the event loop for about a second per 2.5 MB (bench:import); Node's base64 and
 * PostgreSQL's decode() are native code. Read large ones with `byteaAsBase64` for the same reason.
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (v) => sql`decode(${v.toString('base64')}, 'base64')`,
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** A bytea column read as base64 text and turned back into bytes in Node (see `bytea`). */
export const byteaAsBase64 = (column: AnyPgColumn) =>
  sql<Buffer>`encode(${column}, 'base64')`.mapWith((v: string | null) => (v === null ? null : Buffer.from(v, 'base64')));

/**
 * Every inbound file the portal processes (price files, core uploads, item-code imports, transaction
 * files), stored in the database with its processing state; one row is one unit of the file-status page.
 */
export const inboundFiles = pgTable(
  'inbound_files',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    /** price | core | item-codes | transactions */
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    content: bytea('content').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: integer('uploaded_by'),
    merchantNo: integer('merchant_no'),
    /** Kind-specific parameters (core upload type, bundle seq, ...). */
    params: jsonb('params'),
    /** queued | running | done | failed */
    state: text('state').notNull().default('queued'),
    /** File-status unit code: 0 success, 1 failure, 2 ok with nothing new; null until processed. */
    unitStatus: smallint('unit_status'),
    /** English, for API clients; the web app translates message_code with message_values (decision 0090). */
    message: text('message'),
    messageCode: text('message_code'),
    messageValues: jsonb('message_values'),
    /** null while queued or running, 0 on success, non-zero on failure (price file status). */
    osReturnCode: integer('os_return_code'),
    rowsTotal: integer('rows_total'),
    rowsDone: integer('rows_done').notNull().default(0),
    result: bytea('result'),
    resultName: text('result_name'),
    attempts: integer('attempts').notNull().default(0),
    /** The processing job's public id (answered by an upload as job_id, polled by the status call). */
    jobId: text('job_id'),
    /** Touched by every progress report; a running row whose heartbeat is stale belongs to a dead process. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('inbound_files_kind_idx').on(t.kind, t.createdAt),
    index('inbound_files_state_idx').on(t.state),
    index('inbound_files_merchant_idx').on(t.merchantNo),
    uniqueIndex('inbound_files_job_idx').on(t.jobId),
    index('inbound_files_finished_idx').on(t.finishedAt),
  ],
);
