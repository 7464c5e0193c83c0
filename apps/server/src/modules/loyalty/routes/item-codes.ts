import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { itemCodeEndpoints } from '@fc/contract/loyalty';
import type { AppContext } from '../../../context';
import { actorOf } from '../../../http/actor';
import { sendCsv } from '../../../http/csv';
import { route } from '../../../http/endpoint';
import { readUpload } from '../../../http/multipart';
import { sendList, sendResult } from '../../../http/jsonapi';
import { clampedPage } from '../../../http/list';
import { importItemCodes } from '../item-code-import';
import { addItemCodes, deleteItemCode, itemCodePage, itemCodesCsv, updateItemCode } from '../service/item-codes';

/** The item codes of a bundle (LOY-21 to LOY-23, LOY-27): reading needs task 508 or 509, a change 509. */
export const itemCodeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, itemCodeEndpoints.list, async (req, reply) => {
      const { rows, total, estimated, page } = await clampedPage(req.query.page, (page) => itemCodePage(ctx, { ...req.query, page }));
      return sendList(reply, {
        url: req.url,
        type: 'loyalty-item-codes',
        rows: rows.map((r) => ({ id: r.itemCodeSeq, attributes: r })),
        total,
        estimated,
        page,
      });
    });

    route(app, itemCodeEndpoints.csv, async (req, reply) => {
      const csv = await itemCodesCsv(ctx, req.params.bundle, req.query);
      return sendCsv(reply, csv.fileName, csv.header, csv.rows);
    });

    route(app, itemCodeEndpoints.add, async (req, reply) => {
      const added = await addItemCodes(ctx, actorOf(req), req.params.id, req.body);
      return sendResult(reply, { success: true, added }, req.params.id);
    });

    route(app, itemCodeEndpoints.update, async (req, reply) => {
      const row = await updateItemCode(ctx, actorOf(req), req.params.bundle, req.params.itemCodeSeq, req.body);
      return sendResult(reply, { success: true, itemCode: row.itemCode }, row.itemCodeSeq);
    });

    route(app, itemCodeEndpoints.delete, async (req, reply) => {
      await deleteItemCode(ctx, actorOf(req), req.params.bundle, req.params.code);
      return sendResult(reply, { success: true });
    });

    route(
      app,
      itemCodeEndpoints.importCsv,
      async (req, reply) => {
        const upload = await readUpload(req);
        const { added, fileSeq } = await importItemCodes(ctx, actorOf(req), upload, req.params.bundle, req.log);
        return sendResult(reply, { success: true, added, fileSeq }, fileSeq);
      },
      { config: { stepUp: true } },
    );
  };
