import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountType, effectiveType, JSONAPI_MEDIA_TYPE } from '@fc/contract';
import type { z } from 'zod';
import { fileStatusUnitSchema, priceFileEndpoints, PriceFileStatus, priceUploadFieldsSchema } from '@fc/contract/files';
import type { AppContext } from '../../context';
import { principalOf } from '../../http/access';
import { actorOf } from '../../http/actor';
import { route } from '../../http/endpoint';
import { acceptUploads, readUpload } from '../../http/multipart';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { resource, sendData } from '../../http/jsonapi';
import { findPriceFileByJob, findPriceResult, isDealerMerchant, listFileStatusUnits, listPriceFiles } from './repo';
import type { PriceFileParams } from './price-job';
import { acceptInboundFile, checkCsvUpload, refuseUpload, sendUnitResult } from '../inbound-files/index';

/**
 * Price files (FILE-01, FILE-06: the price report page and its calls under /mpp), the file-status page, and the
 * daily transaction file that corporate staff upload (FILE-10).
 */
export const filesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await acceptUploads(app);
    route(
      app,
      priceFileEndpoints.upload,
      async (req, reply) => {
        const p = principalOf(req);
        // A dealer's refused file is its own; one that corporate staff send for a dealer is theirs to see.
        const upload = await readUpload(req)
          .then((u) => checkCsvUpload(u))
          .catch((err: unknown) =>
            refuseUpload(ctx, actorOf(req), 'price', err, effectiveType(p) === AccountType.Corporate ? null : (p.merchantNo ?? null)),
          );
        const parsed = priceUploadFieldsSchema.safeParse(upload.fields);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const field = String(issue.path[0] ?? 'merchant_no');
          throw badRequest(
            issue.code === 'unrecognized_keys' ? 'unknown-field' : 'integer',
            issue.code === 'unrecognized_keys'
              ? `Unknown form field ${(issue as { keys?: string[] }).keys?.join(', ')}`
              : `${field} must be a whole number`,
            field,
          );
        }
        let merchantNo: number;
        if (effectiveType(p) === AccountType.Corporate) {
          if (parsed.data.merchant_no === undefined)
            throw badRequest('required', 'merchant_no is required: the dealer whose price file this is', 'merchant_no');
          merchantNo = parsed.data.merchant_no;
          if (!(await isDealerMerchant(ctx.db, merchantNo)))
            throw badRequest('unknown-merchant', `No dealer has the merchant number ${merchantNo}.`, 'merchant_no');
        } else {
          if (p.merchantNo == null) throw new AppError(403, '231', 'No merchant numbers are linked to this login.');
          if (parsed.data.merchant_no !== undefined && parsed.data.merchant_no !== p.merchantNo) {
            throw new AppError(403, '209', 'A dealer uploads its own price files only.', 'merchant_no');
          }
          merchantNo = p.merchantNo;
        }
        const { seq, jobId } = await acceptInboundFile(ctx, actorOf(req), {
          kind: 'price',
          fileName: upload.fileName,
          content: upload.content,
          params: { rowCount: upload.rowCount, language: p.language } satisfies PriceFileParams,
          merchantNo,
        });
        // The specification reads data.job_id; the attribute keeps that name (the web client camelCases it).
        return sendData(
          reply,
          [
            {
              ...resource('price-file-job', jobId ?? String(seq), {}),
              attributes: { job_id: jobId, sequence: seq, status: PriceFileStatus.InProgress },
            },
          ],
          undefined,
          202,
        );
      },
      { config: { stepUp: true } },
    );

    route(app, priceFileEndpoints.list, async (req, reply) => {
      const { rows, total, estimated } = await listPriceFiles(ctx.db, principalOf(req), ctx.config.LIST_EXACT_COUNT_MAX);
      return sendData(
        reply,
        rows.map((r) =>
          resource('price-files', r.seq, {
            entryDate: r.entryDate,
            sequence: r.seq,
            status: r.status,
            fileName: r.fileName,
            merchantNo: r.merchantNo,
            message: r.message,
            messageCode: r.messageCode,
            messageValues: r.messageValues,
            rowsDone: r.rowsDone,
            rowsTotal: r.rowsTotal,
          }),
        ),
        { record_count: total, ...(estimated ? { record_count_estimated: true } : {}) },
      );
    });

    route(
      app,
      priceFileEndpoints.status,
      async (req, reply) => {
        const row = await findPriceFileByJob(ctx.db, principalOf(req), req.query.job_id);
        if (!row) throw notFound('not-found', 'No price file has that job id.');
        return sendData(reply, [
          resource('job-status', req.query.job_id, {
            jobId: req.query.job_id,
            sequence: row.seq,
            status: row.status,
            osReturnCode: row.osReturnCode,
            rowsDone: row.rowsDone,
            rowsTotal: row.rowsTotal,
            message: row.message,
            messageCode: row.messageCode,
            messageValues: row.messageValues,
          }),
        ]);
      },
      { config: { interactive: false } },
    );

    route(app, priceFileEndpoints.download, async (req, reply) => {
      const row = await findPriceResult(ctx.db, principalOf(req), req.query.data_seq);
      if (!row) throw notFound('not-found', 'No price file has that sequence.');
      if (row.state !== 'done' || !row.hasResult)
        throw conflict('not-processed', 'The price file has not been processed; there is no result to download yet.');
      return sendUnitResult(reply, ctx.db, row, 'price-file-result.csv');
    });

    route(app, priceFileEndpoints.fileStatus, async (req, reply) => {
      const units = await listFileStatusUnits(ctx.db, principalOf(req));
      type Unit = z.input<typeof fileStatusUnitSchema>;
      const groups: { date: string; units: Unit[] }[] = [];
      for (const u of units) {
        let group = groups[groups.length - 1];
        if (!group || group.date !== u.date) groups.push((group = { date: u.date, units: [] }));
        group.units.push({
          seq: u.seq,
          name: u.name,
          kind: u.kind,
          status: u.status as Unit['status'],
          'status-msg': u.statusMsg,
          'status-msg-code': u.statusMsgCode as Unit['status-msg-code'],
          'status-msg-values': u.statusMsgValues as Unit['status-msg-values'],
          'finished-at': u.finishedAt?.toISOString() ?? null,
        });
      }
      return reply
        .type(JSONAPI_MEDIA_TYPE)
        .send({ data: groups.map((g) => resource('file-status', g.date, { date: g.date, units: g.units })) });
    });

    route(
      app,
      priceFileEndpoints.transactionFile,
      async (req, reply) => {
        const upload = await readUpload(req)
          .then((u) => checkCsvUpload(u))
          .catch((err: unknown) => refuseUpload(ctx, actorOf(req), 'transactions', err, null));
        const extra = Object.keys(upload.fields);
        if (extra.length) throw badRequest('unknown-field', `Unknown form field ${extra.join(', ')}`, extra[0]);
        const { seq, jobId } = await acceptInboundFile(ctx, actorOf(req), {
          kind: 'transactions',
          fileName: upload.fileName,
          content: upload.content,
          params: { rowCount: upload.rowCount },
          merchantNo: null,
        });
        return sendData(reply, [{ ...resource('inbound-file', seq, {}), attributes: { job_id: jobId, sequence: seq } }], undefined, 202);
      },
      { config: { stepUp: true } },
    );
  };
