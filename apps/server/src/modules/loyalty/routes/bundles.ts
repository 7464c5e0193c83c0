import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bundleEndpoints } from '@fc/contract/loyalty';
import type { AppContext } from '../../../context';
import { actorOf } from '../../../http/actor';
import { sendCsv } from '../../../http/csv';
import { route } from '../../../http/endpoint';
import { resource, sendData, sendList, sendResult } from '../../../http/jsonapi';
import { clampedPage } from '../../../http/list';
import { addBundle, bundleCsv, bundleDetails, bundlePage, deactivateBundle, updateBundle } from '../service/bundles';

/** Bundles (bundles tab and bundle detail, LOY-18, LOY-19, LOY-24): reading needs task 508 or 509, a change 509. */
export const bundleRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, bundleEndpoints.list, async (req, reply) => {
      const { rows, total, estimated, page } = await clampedPage(req.query.page, (page) => bundlePage(ctx, { ...req.query, page }));
      return sendList(reply, {
        url: req.url,
        type: 'loyalty-bundles',
        rows: rows.map((r) => ({ id: r.bundleId, attributes: r })),
        total,
        estimated,
        page,
      });
    });

    route(app, bundleEndpoints.csv, async (req, reply) => {
      const csv = bundleCsv(ctx, req.query);
      return sendCsv(reply, csv.fileName, csv.header, csv.rows);
    });

    route(app, bundleEndpoints.details, async (req, reply) => {
      const details = await bundleDetails(ctx, req.query.bundle_seq);
      return sendData(reply, [resource('loyalty-bundle', details.bundleSeq, details)]);
    });

    route(app, bundleEndpoints.add, async (req, reply) => {
      const row = await addBundle(ctx, actorOf(req), req.body.fc_loyalty_bundle);
      return sendResult(reply, { success: true, bundleSeq: row.bundleSeq }, row.bundleSeq);
    });

    route(app, bundleEndpoints.update, async (req, reply) => {
      const row = await updateBundle(ctx, actorOf(req), req.params.id, req.body.fc_loyalty_bundle);
      return sendResult(reply, { success: true, bundleSeq: row.bundleSeq }, row.bundleSeq);
    });

    route(app, bundleEndpoints.deactivate, async (req, reply) => {
      await deactivateBundle(ctx, actorOf(req), req.body.bundle_seq, req.body.comment);
      return sendResult(reply, { success: true }, req.body.bundle_seq);
    });
  };
