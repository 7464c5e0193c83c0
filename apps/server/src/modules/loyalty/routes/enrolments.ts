import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  custsAddBodySchema,
  custsDelBodySchema,
  customerOptionsQuerySchema,
  enrolmentListQuerySchema,
  isoDay,
  loyaltyCsvFileName,
} from '@fc/contract/loyalty';
import { writeAccess } from '@fc/contract';
import type { AppContext } from '../../../context';
import { cursorRows } from '../../../db/cursor';
import { sendCsv } from '../../../http/csv';
import { sendList, sendResult } from '../../../http/jsonapi';
import { clampedPage } from '../../../http/list';
import {
  addEnrolment,
  ENROLMENT_CSV_HEADER,
  enrolmentAttributes,
  enrolmentCsvRow,
  enrolmentListSql,
  listCustomerOptions,
  listEnrolments,
  unenrol,
  type EnrolmentSqlRow,
} from '../enrolments';
import { mapRows } from '../shared';

const VIEW = { access: 'corpLoyaltyView' } as const;

/**
 * Enrolments (customers tab, LOY-01 to LOY-09): moved here unchanged from routes.ts when the templates,
 * bundles and item codes took the module shape (issue 18); their own move to the contract comes next.
 */
export const enrolmentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/fc-common-api/loyalty-custs', { config: VIEW, schema: { querystring: enrolmentListQuerySchema } }, async (req, reply) => {
      const { rows, total, estimated, page } = await clampedPage(req.query.page, (page) =>
        listEnrolments(ctx.db, { ...req.query, page }, undefined, ctx.config.LIST_EXACT_COUNT_MAX),
      );
      return sendList(reply, {
        url: req.url,
        type: 'loyalty-custs',
        rows: rows.map((r) => ({ id: r.custLoyaltyProgramSeq, attributes: r })),
        total,
        estimated,
        page,
      });
    });

    app.get('/fc-common-api/loyalty/custs_csv', { config: VIEW, schema: { querystring: enrolmentListQuerySchema } }, async (req, reply) => {
      const rows = cursorRows<EnrolmentSqlRow>(ctx.database, enrolmentListSql(req.query, 'all').statement);
      return sendCsv(
        reply,
        loyaltyCsvFileName('customers', isoDay()),
        ENROLMENT_CSV_HEADER,
        mapRows(rows, (r) => enrolmentCsvRow(enrolmentAttributes(r))),
      );
    });

    app.get(
      '/fc-common-api/loyalty-customer-options',
      { config: VIEW, schema: { querystring: customerOptionsQuerySchema } },
      async (req, reply) => {
        const { rows, total, estimated, page } = await clampedPage(req.query.page, (page) =>
          listCustomerOptions(ctx.db, { ...req.query, page }, ctx.config.LIST_EXACT_COUNT_MAX),
        );
        return sendList(reply, {
          url: req.url,
          type: 'loyalty-customer-options',
          rows: rows.map((r) => ({ id: r.value, attributes: r })),
          total,
          estimated,
          page,
        });
      },
    );

    app.post(
      '/fc-common-api/loyalty/custs_add',
      { config: { access: writeAccess('POST /fc-common-api/loyalty/custs_add') }, schema: { body: custsAddBodySchema } },
      async (req, reply) => {
        const row = await addEnrolment(ctx, req, req.body);
        return sendResult(
          reply,
          { success: true, custLoyaltyProgramSeq: row.custLoyaltyProgramSeq, loyaltyProgramStatus: row.status },
          row.custLoyaltyProgramSeq,
        );
      },
    );

    app.post(
      '/fc-common-api/loyalty/custs_del',
      { config: { access: writeAccess('POST /fc-common-api/loyalty/custs_del') }, schema: { body: custsDelBodySchema } },
      async (req, reply) => {
        await unenrol(ctx, req, req.body.cust_loyalty_program_seq);
        return sendResult(reply, { success: true }, req.body.cust_loyalty_program_seq);
      },
    );
  };
