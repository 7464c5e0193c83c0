import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CoreCode,
  CORE_UPLOAD_MAX_BYTES,
  coreListQuerySchema,
  coreUploadTypeSchema,
  estesExportFileName,
  estesMappingSchema,
  estesSearchQuerySchema,
  taxCreateSchema,
  taxExpireSchema,
  taxListQuerySchema,
} from '@fc/contract/maintenance';
import { csvExportFileName, writeAccess } from '@fc/contract';
import { FileErrorCode } from '@fc/contract/files';
import type { AppContext } from '../../context';
import { inboundFiles } from '../../db/schema/index';
import { storedResultStream } from '../../db/stored-file';
import { sendCopiedCsv, sendCsv } from '../../http/csv';
import { sendDownload } from '../../http/download';
import { principalOf } from '../../http/access';
import { AppError, notFound } from '../../http/errors';
import { resource, sendData, sendList, sendResult } from '../../http/jsonapi';
import { acceptInboundFile, readCsvUpload } from '../files/index';
import { scanContent } from './content-scan';
import { listCoreParts } from './core-list';
import { allMappings, createMapping, findMapping, removeMapping } from './parts-service';
import { createTaxRate, expireTaxRate, listTaxRates, taxCsvColumns, taxCsvFrom } from './tax-service';
import { clampedPage } from '../../http/list';
import { coreUploadTemplate, XLSM_CONTENT_TYPE } from './template';

/** Largest core upload: a core file is a list of customer parts, far below the portal's general limit. The
 * browser checks the same limit before sending (packages/contract). */
const CORE_MAX_BYTES = CORE_UPLOAD_MAX_BYTES;
const CORE_MAX_ROWS = 100_001;

/** The shared upload checks answer file-* codes; the core page speaks ACP01 (file error) and ACP02 (upload error). */
function asCoreError(err: unknown): unknown {
  if (!(err instanceof AppError) || !err.code.startsWith('file-')) return err;
  const code = err.code === FileErrorCode.Required ? CoreCode.UploadError : CoreCode.FileError;
  return new AppError(err.status, code, err.message, 'file');
}

const jobQuery = z.strictObject({ job_id: z.uuid() });

export const maintenanceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // ---- Parts mapping (tasks 502 and 507) ----
    app.get(
      '/fc-common-api/parts/estes',
      { config: { access: 'partsMappingView' }, schema: { querystring: estesSearchQuerySchema } },
      async (req, reply) => {
        const rows = await findMapping(ctx.db, req.query.part_no, req.query.query_type);
        return sendData(
          reply,
          rows.map((r) =>
            resource('estes-parts', r.partNo, { partNo: r.partNo, customPartNo: r.customPartNo, description: r.description }),
          ),
        );
      },
    );

    app.post(
      '/fc-common-api/parts/estes_create',
      { config: { access: writeAccess('POST /fc-common-api/parts/estes_create') }, schema: { body: estesMappingSchema } },
      async (req, reply) => {
        const row = await createMapping(ctx, req, req.body);
        return sendResult(reply, { partNo: row.partNo, customPartNo: row.customPartNo }, row.partNo, 201);
      },
    );

    app.post(
      '/fc-common-api/parts/estes_remove',
      { config: { access: writeAccess('POST /fc-common-api/parts/estes_remove') }, schema: { body: estesMappingSchema } },
      async (req, reply) => {
        const row = await removeMapping(ctx, req, req.body);
        return sendResult(reply, { partNo: row.partNo, customPartNo: row.customPartNo }, row.partNo);
      },
    );

    app.get('/fc-common-api/parts/estes_list_csv', { config: { access: 'partsMappingView' } }, async (_req, reply) =>
      sendCsv(reply, estesExportFileName(), ['part_no', 'custom_part_no', 'description'], allMappings(ctx.db)),
    );

    // ---- Tax configuration (merchants and corporate; add and expire with task 504 or corporate) ----
    app.get(
      '/fc-common-api/cust/tax/estes',
      { config: { access: 'taxView' }, schema: { querystring: taxListQuerySchema } },
      async (req, reply) => {
        const { rows, total, estimated, page } = await clampedPage(req.query.page, (page) =>
          listTaxRates(ctx.db, { ...req.query, page }, ctx.config.LIST_EXACT_COUNT_MAX),
        );
        return sendList(reply, {
          url: req.url,
          type: 'tax-rates',
          total,
          estimated,
          page,
          rows: rows.map((r) => ({
            id: r.seq,
            attributes: {
              name: r.name,
              custNo: r.custNo,
              program: r.program,
              location: r.location,
              city: r.city,
              state: r.state,
              taxRate: r.taxRate,
              effectiveDate: r.effectiveDate,
              expiryDate: r.expiryDate,
              custTaxRateSeq: r.seq,
            },
          })),
        });
      },
    );

    // The export takes the list's query (sort, filters) and ignores its paging: every matching rate.
    app.get(
      '/fc-common-api/cust/tax/estes_csv',
      { config: { access: 'taxView' }, schema: { querystring: taxListQuerySchema } },
      async (req, reply) => sendCopiedCsv(reply, ctx.database, csvExportFileName('TaxRates'), taxCsvColumns(), taxCsvFrom(req.query)),
    );

    app.post(
      '/fc-common-api/cust/tax/estes_create',
      { config: { access: writeAccess('POST /fc-common-api/cust/tax/estes_create') }, schema: { body: taxCreateSchema } },
      async (req, reply) => {
        const row = await createTaxRate(ctx, req, req.body);
        return sendResult(reply, { custTaxRateSeq: row.custTaxRateSeq }, row.custTaxRateSeq, 201);
      },
    );

    app.post(
      '/fc-common-api/cust/tax/estes_expire',
      { config: { access: writeAccess('POST /fc-common-api/cust/tax/estes_expire') }, schema: { body: taxExpireSchema } },
      async (req, reply) => {
        const row = await expireTaxRate(ctx, req, req.body);
        return sendResult(reply, { custTaxRateSeq: row.custTaxRateSeq, expiryDate: row.expiryDate }, row.custTaxRateSeq);
      },
    );

    // ---- Core management (tasks 505 and 506) ----
    app.get(
      '/fc-common-api/fc-core-maintainance',
      { config: { access: 'coreView' }, schema: { querystring: coreListQuerySchema } },
      async (req, reply) => {
        const { rows, total, estimated, page } = await clampedPage(req.query.page, (page) =>
          listCoreParts(ctx.db, { ...req.query, page }, ctx.config.LIST_EXACT_COUNT_MAX),
        );
        return sendList(reply, {
          url: req.url,
          type: 'core-parts',
          total,
          estimated,
          page,
          rows: rows.map(({ id, ...attributes }) => ({ id, attributes })),
        });
      },
    );

    app.post(
      '/fc-common-api/parts/core-management',
      { config: { access: writeAccess('POST /fc-common-api/parts/core-management'), stepUp: true } },
      async (req, reply) => {
        const upload = await readCsvUpload(req, {
          maxBytes: CORE_MAX_BYTES,
          maxRows: CORE_MAX_ROWS,
          inspect: (content) => {
            const finding = scanContent(content);
            if (finding) throw new AppError(400, CoreCode.VirusScan, `The file was refused by the content scan: ${finding.kind}.`, 'file');
          },
        }).catch((err: unknown) => {
          throw asCoreError(err);
        });
        const type = coreUploadTypeSchema.safeParse(upload.fields.type);
        if (!type.success) throw new AppError(400, CoreCode.UploadError, 'Choose the upload type: 0 Coreless or 1 Price Verify.', 'type');
        const accepted = await acceptInboundFile(ctx, req, {
          kind: 'core',
          fileName: upload.fileName,
          content: upload.content,
          // The report's reasons are written in the uploader's session language (decision 0410).
          params: { type: type.data === 0 ? 0 : 1, language: principalOf(req).language },
        });
        return sendResult(reply, { jobId: accepted.jobId, sequence: accepted.seq }, accepted.seq, 202);
      },
    );

    const coreFileOf = async (jobId: string) => {
      // Everything but the report's bytes (polled every second while the file is processed; streamed apart).
      const { result: _result, ...columns } = getTableColumns(inboundFiles);
      const [file] = await ctx.db
        .select({ ...columns, hasResult: sql<boolean>`${inboundFiles.result} is not null` })
        .from(inboundFiles)
        .where(and(eq(inboundFiles.jobId, jobId), eq(inboundFiles.kind, 'core')))
        .limit(1);
      if (!file) throw notFound('not-found', 'No core upload with that job id.');
      return file;
    };

    // The processing state of a core upload, polled by the page until osReturnCode is set.
    app.get(
      '/fc-common-api/parts/core-management/status',
      { config: { access: 'coreView', interactive: false }, schema: { querystring: jobQuery } },
      async (req, reply) => {
        const f = await coreFileOf(req.query.job_id);
        return sendData(reply, [
          resource('core-uploads', f.seq, {
            state: f.state,
            osReturnCode: f.osReturnCode,
            unitStatus: f.unitStatus,
            message: f.message,
            // The web app shows the message in its reader's language from its code and values (decision 0410).
            messageCode: f.messageCode,
            messageValues: f.messageValues,
            rowsDone: f.rowsDone,
            rowsTotal: f.rowsTotal,
            hasReport: f.hasResult,
            fileName: f.fileName,
          }),
        ]);
      },
    );

    app.get(
      '/fc-common-api/parts/core-management/report',
      { config: { access: 'coreView' }, schema: { querystring: jobQuery } },
      async (req, reply) => {
        const f = await coreFileOf(req.query.job_id);
        if (!f.hasResult) throw notFound('not-found', 'This upload has no report.');
        return sendDownload(reply, f.resultName ?? `core-upload-report-${f.seq}.csv`, () => storedResultStream(ctx.db, f.seq));
      },
    );

    app.get('/samples/upload_template.xlsm', { config: { access: 'coreModify' } }, async (_req, reply) =>
      sendDownload(reply, 'upload_template.xlsm', () => coreUploadTemplate(), XLSM_CONTENT_TYPE, 'private, max-age=3600'),
    );
  };
