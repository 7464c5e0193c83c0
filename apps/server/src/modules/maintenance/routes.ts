import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CoreCode, CORE_UPLOAD_MAX_BYTES, coreEndpoints, coreUploadTypeSchema } from '@fc/contract/maintenance';
import { FileErrorCode } from '@fc/contract/files';
import type { AppContext } from '../../context';
import { sendDownload } from '../../http/download';
import { principalOf } from '../../http/access';
import { actorOf } from '../../http/actor';
import { route } from '../../http/endpoint';
import { acceptUploads, readUpload } from '../../http/multipart';
import { AppError, notFound } from '../../http/errors';
import { resource, sendData, sendResult } from '../../http/jsonapi';
import { acceptInboundFile, checkCsvUpload, sendUnitResult, unitByJob } from '../inbound-files/index';
import { scanContent } from './content-scan';
import { corePartsRoutes } from './core-parts/routes';
import { partsRoutes } from './parts/routes';
import { taxRoutes } from './tax/routes';
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

export const maintenanceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await acceptUploads(app);
    partsRoutes(app, ctx);
    taxRoutes(app, ctx);

    // ---- Core management (tasks 505 and 506) ----
    corePartsRoutes(app, ctx);

    route(
      app,
      coreEndpoints.upload,
      async (req, reply) => {
        const upload = await readUpload(req, { maxBytes: CORE_MAX_BYTES })
          .then((u) =>
            checkCsvUpload(u, {
              maxRows: CORE_MAX_ROWS,
              inspect: (content) => {
                const finding = scanContent(content);
                if (finding)
                  throw new AppError(400, CoreCode.VirusScan, `The file was refused by the content scan: ${finding.kind}.`, 'file');
              },
            }),
          )
          .catch((err: unknown) => {
            throw asCoreError(err);
          });
        const type = coreUploadTypeSchema.safeParse(upload.fields.type);
        if (!type.success) throw new AppError(400, CoreCode.UploadError, 'Choose the upload type: 0 Coreless or 1 Price Verify.', 'type');
        const accepted = await acceptInboundFile(ctx, actorOf(req), {
          kind: 'core',
          merchantNo: principalOf(req).merchantNo ?? null,
          fileName: upload.fileName,
          content: upload.content,
          // The report's reasons are written in the uploader's session language (decision 0410).
          params: { type: type.data === 0 ? 0 : 1, language: principalOf(req).language },
        });
        return sendResult(reply, { jobId: accepted.jobId, sequence: accepted.seq }, accepted.seq, 202);
      },
      { config: { stepUp: true } },
    );

    const coreFileOf = async (jobId: string) => {
      const file = await unitByJob(ctx.db, 'core', jobId);
      if (!file) throw notFound('not-found', 'No core upload with that job id.');
      return file;
    };

    // The processing state of a core upload, polled by the page until osReturnCode is set.
    route(
      app,
      coreEndpoints.status,
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
      { config: { interactive: false } },
    );

    route(app, coreEndpoints.report, async (req, reply) => {
      const f = await coreFileOf(req.query.job_id);
      if (!f.hasResult) throw notFound('not-found', 'This upload has no report.');
      return sendUnitResult(reply, ctx.db, f, `core-upload-report-${f.seq}.csv`);
    });

    app.get('/samples/upload_template.xlsm', { config: { access: 'coreModify' } }, async (_req, reply) =>
      sendDownload(reply, 'upload_template.xlsm', () => coreUploadTemplate(), XLSM_CONTENT_TYPE, 'private, max-age=3600'),
    );
  };
