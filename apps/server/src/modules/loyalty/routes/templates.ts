import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { templateEndpoints } from '@fc/contract/loyalty';
import type { AppContext } from '../../../context';
import { actorOf } from '../../../http/actor';
import { sendCsv } from '../../../http/csv';
import { route } from '../../../http/endpoint';
import { resource, sendData, sendList, sendResult } from '../../../http/jsonapi';
import { clampedPage } from '../../../http/list';
import { addTemplate, deactivateTemplate, templateCsv, templateDetails, templatePage, updateTemplate } from '../service/templates';

/** Programme templates (programs tab, LOY-10 to LOY-16): reading needs task 508 or 509, a change 509. */
export const templateRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, templateEndpoints.list, async (req, reply) => {
      const { rows, total, estimated, page } = await clampedPage(req.query.page, (page) => templatePage(ctx, { ...req.query, page }));
      return sendList(reply, {
        url: req.url,
        type: 'loyalty-programs',
        rows: rows.map((r) => ({ id: r.loyaltyProgramSeq, attributes: r })),
        total,
        estimated,
        page,
      });
    });

    route(app, templateEndpoints.csv, async (req, reply) => {
      const csv = templateCsv(ctx, req.query);
      return sendCsv(reply, csv.fileName, csv.header, csv.rows);
    });

    route(app, templateEndpoints.details, async (req, reply) => {
      const details = await templateDetails(ctx, req.query.loyalty_program_seq);
      return sendData(reply, [resource('loyalty-program', details.loyaltyProgramSeq, details)]);
    });

    route(app, templateEndpoints.add, async (req, reply) => {
      const row = await addTemplate(ctx, actorOf(req), req.body);
      return sendResult(reply, { success: true, loyaltyProgramSeq: row.loyaltyProgramSeq }, row.loyaltyProgramSeq);
    });

    route(app, templateEndpoints.update, async (req, reply) => {
      const row = await updateTemplate(ctx, actorOf(req), req.body);
      return sendResult(reply, { success: true, loyaltyProgramSeq: row.loyaltyProgramSeq }, row.loyaltyProgramSeq);
    });

    route(app, templateEndpoints.deactivate, async (req, reply) => {
      await deactivateTemplate(ctx, actorOf(req), req.body.loyalty_program_seq);
      return sendResult(reply, { success: true }, req.body.loyalty_program_seq);
    });
  };
