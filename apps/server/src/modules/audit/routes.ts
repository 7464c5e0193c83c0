import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEndpoints } from '@fc/contract/customers';
import { redactAudit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { sendCopiedCsv } from '../../http/csv';
import { route } from '../../http/endpoint';
import { resource, sendData, sendList } from '../../http/jsonapi';
import { clampedPage } from '../../http/list';
import { auditCsvColumns, auditCsvFrom, auditFacets, listAudit } from './service';

export const auditRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, auditEndpoints.list, async (req, reply) => {
      const { rows, total, estimated, page, nextCursor } = await clampedPage(req.query.page, (page) =>
        listAudit(ctx, { ...req.query, page }),
      );
      return sendList(reply, {
        url: req.url,
        type: 'audit',
        total,
        estimated,
        page,
        nextCursor,
        // Records written before a field was redacted are redacted on the way out too.
        rows: rows.map(({ id, before, after, ...r }) => ({
          id,
          attributes: { ...r, before: redactAudit(before), after: redactAudit(after) },
        })),
      });
    });

    route(app, auditEndpoints.facets, async (_req, reply) => {
      const facets = await auditFacets(ctx);
      return sendData(reply, [resource('audit-facets', 'current', facets)]);
    });

    // The export takes the list's query (sort, search, filters) and ignores its paging: every matching row,
    // written by the database (one COPY), redacted as the list is.
    route(app, auditEndpoints.csv, async (req, reply) => {
      const { sort, filters, search } = req.query;
      const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
      return sendCopiedCsv(reply, ctx.database, `AuditHistory_${stamp}.csv`, auditCsvColumns(), auditCsvFrom(sort, filters, search));
    });
  };
