import type { FastifyInstance } from 'fastify';
import { csvExportFileName } from '@fc/contract';
import { taxEndpoints } from '@fc/contract/maintenance';
import type { AppContext } from '../../../context';
import { actorOf } from '../../../http/actor';
import { sendCopiedCsv } from '../../../http/csv';
import { route } from '../../../http/endpoint';
import { sendList, sendResult } from '../../../http/jsonapi';
import { clampedPage } from '../../../http/list';
import { createTaxRate, expireTaxRate, listTaxRates, taxRatesExport } from './service';

/** Tax configuration (merchants and corporate; add and expire with task 504 or corporate). */
export function taxRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, taxEndpoints.list, async (req, reply) => {
    const { rows, total, estimated, page } = await clampedPage(req.query.page, (page) => listTaxRates(ctx, { ...req.query, page }));
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
  });

  // The export takes the list's query (sort, filters) and ignores its paging: every matching rate.
  route(app, taxEndpoints.csv, async (req, reply) => {
    const { columns, from } = taxRatesExport(req.query);
    return sendCopiedCsv(reply, ctx.database, csvExportFileName('TaxRates'), columns, from);
  });

  route(app, taxEndpoints.create, async (req, reply) => {
    const row = await createTaxRate(ctx, actorOf(req), req.body);
    return sendResult(reply, { custTaxRateSeq: row.custTaxRateSeq }, row.custTaxRateSeq, 201);
  });

  route(app, taxEndpoints.expire, async (req, reply) => {
    const row = await expireTaxRate(ctx, actorOf(req), req.body);
    return sendResult(reply, { custTaxRateSeq: row.custTaxRateSeq, expiryDate: row.expiryDate }, row.custTaxRateSeq);
  });
}
