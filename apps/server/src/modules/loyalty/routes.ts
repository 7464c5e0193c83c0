import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
<<<<<<< HEAD
import { z } from 'zod';
import {
  bundleBodySchema,
  bundleDeactivateBodySchema,
  bundleDetailQuerySchema,
  bundleListQuerySchema,
  isoDay,
  itemCodeListQuerySchema,
  itemCodesAddBodySchema,
  itemCodesCsvFileName,
  itemCodeUpdateBodySchema,
  loyaltyCsvFileName,
  programAddBodySchema,
  programDetailQuerySchema,
  programSeqBodySchema,
  programUpdateBodySchema,
  templateListQuerySchema,
} from '@fc/contract/loyalty';
import { msg, writeAccess } from '@fc/contract';
import type { AppContext } from '../../context';
import { cursorRows } from '../../db/cursor';
import { sendCsv } from '../../http/csv';
import { badRequest } from '../../http/errors';
import { resource, sendData, sendList, sendResult } from '../../http/jsonapi';
import {
  addBundle,
  BUNDLE_CSV_HEADER,
  bundleAttributes,
  bundleCsvRow,
  bundleDetails,
  bundleListSql,
  deactivateBundle,
  findBundle,
  listBundles,
  updateBundle,
  type BundleSqlRow,
} from './bundles';
import { enrolmentRoutes } from './enrolment-routes';
import {
  addItemCodes,
  deleteItemCode,
  ITEM_CODE_CSV_HEADER,
  itemCodeAttributes,
  itemCodeListSql,
  listItemCodes,
  updateItemCode,
  type ItemCodeSqlRow,
} from './item-codes';
import { importItemCodes } from './item-code-import';
import { clampedPage } from '../../http/list';
import {
  addTemplate,
  deactivateTemplate,
  listTemplates,
  TEMPLATE_CSV_HEADER,
  templateAttributes,
  templateCsvRow,
  templateDetails,
  templateListSql,
  updateTemplate,
  type TemplateSqlRow,
} from './templates';

const id = (field: string) =>
  z.coerce
    .number({ error: msg('integer', { field }) })
    .int({ error: msg('integer', { field }) })
    .min(1, { error: msg('integer', { field }) })
    .max(2_147_483_647, { error: msg('integer', { field }) });

const VIEW = { access: 'corpLoyaltyView' } as const;
=======
import type { AppContext } from '../../context';
import { bundleRoutes } from './routes/bundles';
import { enrolmentRoutes } from './routes/enrolments';
import { itemCodeRoutes } from './routes/item-codes';
import { templateRoutes } from './routes/templates';
>>>>>>> 33123db (Loyalty templates, bundles and item codes described in the contract and registered from it; the module takes the routes/service/repo shape (services take an Actor); template.ts split into rules, schemas and form)

/**
 * The corporate loyalty back office (LOY-01 to LOY-29): enrolments, programme templates,
 * bundles and item codes. Reading and exporting need task 508 or 509; every change needs 509.
 */
export const loyaltyRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
<<<<<<< HEAD
    enrolmentRoutes(app, ctx);

    // ------------------------------------------------------------------------------------------------
    // Programme templates (programs tab)

    app.get('/fc-common-api/loyalty-programs', { config: VIEW, schema: { querystring: templateListQuerySchema } }, async (req, reply) => {
      const { rows, total, estimated, page } = await clampedPage(req.query.page, (page) =>
        listTemplates(ctx.db, { ...req.query, page }, undefined, ctx.config.LIST_EXACT_COUNT_MAX),
      );
      return sendList(reply, {
        url: req.url,
        type: 'loyalty-programs',
        rows: rows.map((r) => ({ id: r.loyaltyProgramSeq, attributes: r })),
        total,
        estimated,
        page,
      });
    });

    app.get(
      '/fc-common-api/loyalty/programs_csv',
      { config: VIEW, schema: { querystring: templateListQuerySchema } },
      async (req, reply) => {
        const rows = cursorRows<TemplateSqlRow>(ctx.database, templateListSql(req.query, 'all').statement);
        return sendCsv(
          reply,
          loyaltyCsvFileName('programs', isoDay()),
          TEMPLATE_CSV_HEADER,
          mapRows(rows, (r) => templateCsvRow(templateAttributes(r))),
        );
      },
    );

    app.get('/fc-common-api/loyalty/program', { config: VIEW, schema: { querystring: programDetailQuerySchema } }, async (req, reply) => {
      const details = await templateDetails(ctx.db, req.query.loyalty_program_seq);
      return sendData(reply, [resource('loyalty-program', details.loyaltyProgramSeq, details)]);
    });

    app.post(
      '/fc-common-api/loyalty/program/add',
      { config: { access: writeAccess('POST /fc-common-api/loyalty/program/add') }, schema: { body: programAddBodySchema } },
      async (req, reply) => {
        const row = await addTemplate(ctx, req, req.body);
        return sendResult(reply, { success: true, loyaltyProgramSeq: row.loyaltyProgramSeq }, row.loyaltyProgramSeq);
      },
    );

    app.post(
      '/fc-common-api/loyalty/program/update',
      { config: { access: writeAccess('POST /fc-common-api/loyalty/program/update') }, schema: { body: programUpdateBodySchema } },
      async (req, reply) => {
        const row = await updateTemplate(ctx, req, req.body);
        return sendResult(reply, { success: true, loyaltyProgramSeq: row.loyaltyProgramSeq }, row.loyaltyProgramSeq);
      },
    );

    app.post(
      '/fc-common-api/loyalty/program_deactivate',
      { config: { access: writeAccess('POST /fc-common-api/loyalty/program_deactivate') }, schema: { body: programSeqBodySchema } },
      async (req, reply) => {
        await deactivateTemplate(ctx, req, req.body.loyalty_program_seq);
        return sendResult(reply, { success: true }, req.body.loyalty_program_seq);
      },
    );

    // ------------------------------------------------------------------------------------------------
    // Bundles (bundles tab and bundle detail)

    app.get('/fc-common-api/loyalty-bundles', { config: VIEW, schema: { querystring: bundleListQuerySchema } }, async (req, reply) => {
      const { rows, total, estimated, page } = await clampedPage(req.query.page, (page) =>
        listBundles(ctx.db, { ...req.query, page }, undefined, ctx.config.LIST_EXACT_COUNT_MAX),
      );
      return sendList(reply, {
        url: req.url,
        type: 'loyalty-bundles',
        rows: rows.map((r) => ({ id: r.bundleId, attributes: r })),
        total,
        estimated,
        page,
      });
    });

    app.get('/fc-common-api/loyalty/bundle/csv', { config: VIEW, schema: { querystring: bundleListQuerySchema } }, async (req, reply) => {
      const rows = cursorRows<BundleSqlRow>(ctx.database, bundleListSql(req.query, 'all').statement);
      return sendCsv(
        reply,
        loyaltyCsvFileName('bundles', isoDay()),
        BUNDLE_CSV_HEADER,
        mapRows(rows, (r) => bundleCsvRow(bundleAttributes(r))),
      );
    });

    app.get('/fc-common-api/loyalty/bundle', { config: VIEW, schema: { querystring: bundleDetailQuerySchema } }, async (req, reply) => {
      const details = await bundleDetails(ctx.db, req.query.bundle_seq);
      return sendData(reply, [resource('loyalty-bundle', details.bundleSeq, details)]);
    });

    app.post(
      '/fc-common-api/loyalty/bundle/add',
      { config: { access: writeAccess('POST /fc-common-api/loyalty/bundle/add') }, schema: { body: bundleBodySchema } },
      async (req, reply) => {
        const row = await addBundle(ctx, req, req.body.fc_loyalty_bundle);
        return sendResult(reply, { success: true, bundleSeq: row.bundleSeq }, row.bundleSeq);
      },
    );

    app.post(
      '/fc-common-api/loyalty/bundle/:id/update',
      {
        config: { access: writeAccess('POST /fc-common-api/loyalty/bundle/:id/update') },
        schema: { params: z.object({ id: id('id') }), body: bundleBodySchema },
      },
      async (req, reply) => {
        const row = await updateBundle(ctx, req, req.params.id, req.body.fc_loyalty_bundle);
        return sendResult(reply, { success: true, bundleSeq: row.bundleSeq }, row.bundleSeq);
      },
    );

    app.post(
      '/fc-common-api/loyalty/bundle/deactivate',
      { config: { access: writeAccess('POST /fc-common-api/loyalty/bundle/deactivate') }, schema: { body: bundleDeactivateBodySchema } },
      async (req, reply) => {
        await deactivateBundle(ctx, req, req.body.bundle_seq, req.body.comment);
        return sendResult(reply, { success: true }, req.body.bundle_seq);
      },
    );

    // ------------------------------------------------------------------------------------------------
    // Item codes

    app.get('/fc-common-api/loyalty-item-codes', { config: VIEW, schema: { querystring: itemCodeListQuerySchema } }, async (req, reply) => {
      const bundleSeq = req.query.filters.bundle_seq;
      if (!bundleSeq) throw badRequest('required', 'filter[bundle_seq] is required', 'filter[bundle_seq]');
      await findBundle(ctx.db, bundleSeq);
      const { rows, total, estimated, page } = await clampedPage(req.query.page, (page) =>
        listItemCodes(ctx.db, bundleSeq, { ...req.query, page }, undefined, ctx.config.LIST_EXACT_COUNT_MAX),
      );
      return sendList(reply, {
        url: req.url,
        type: 'loyalty-item-codes',
        rows: rows.map((r) => ({ id: r.itemCodeSeq, attributes: r })),
        total,
        estimated,
        page,
      });
    });

    app.get(
      '/fc-common-api/loyalty/bundles/:bundle/item-codes/csv',
      { config: VIEW, schema: { params: z.object({ bundle: id('bundle') }), querystring: itemCodeListQuerySchema } },
      async (req, reply) => {
        const bundle = await findBundle(ctx.db, req.params.bundle);
        const rows = cursorRows<ItemCodeSqlRow>(ctx.database, itemCodeListSql(bundle.bundleSeq, req.query, 'all').statement);
        return sendCsv(
          reply,
          itemCodesCsvFileName(bundle.name, isoDay()),
          ITEM_CODE_CSV_HEADER,
          mapRows(rows, (row) => {
            const r = itemCodeAttributes(row);
            return [r.itemCode, r.description, r.comment, r.dateAdded, r.lastModified, r.modifiedBy];
          }),
        );
      },
    );

    app.post(
      '/fc-common-api/loyalty/bundle/:id/item_codes/add',
      {
        config: { access: writeAccess('POST /fc-common-api/loyalty/bundle/:id/item_codes/add') },
        schema: { params: z.object({ id: id('id') }), body: itemCodesAddBodySchema },
      },
      async (req, reply) => {
        const added = await addItemCodes(ctx, req, req.params.id, req.body);
        return sendResult(reply, { success: true, added }, req.params.id);
      },
    );

    app.post(
      '/fc-common-api/loyalty/bundles/:bundle/item-codes/:itemCodeSeq/update',
      {
        config: { access: writeAccess('POST /fc-common-api/loyalty/bundles/:bundle/item-codes/:itemCodeSeq/update') },
        schema: { params: z.object({ bundle: id('bundle'), itemCodeSeq: id('itemCodeSeq') }), body: itemCodeUpdateBodySchema },
      },
      async (req, reply) => {
        const row = await updateItemCode(ctx, req, req.params.bundle, req.params.itemCodeSeq, req.body);
        return sendResult(reply, { success: true, itemCode: row.itemCode }, row.itemCodeSeq);
      },
    );

    app.post(
      '/fc-common-api/loyalty/bundles/:bundle/item-codes/:code/delete',
      {
        config: { access: writeAccess('POST /fc-common-api/loyalty/bundles/:bundle/item-codes/:code/delete') },
        schema: { params: z.object({ bundle: id('bundle'), code: z.string().trim().min(1).max(5) }) },
      },
      async (req, reply) => {
        await deleteItemCode(ctx, req, req.params.bundle, req.params.code);
        return sendResult(reply, { success: true });
      },
    );

    app.post(
      '/fc-common-api/loyalty/bundles/:bundle/item-codes/add/csv',
      {
        config: { access: writeAccess('POST /fc-common-api/loyalty/bundles/:bundle/item-codes/add/csv'), stepUp: true },
        schema: { params: z.object({ bundle: id('bundle') }) },
      },
      async (req, reply) => {
        const { added, fileSeq } = await importItemCodes(ctx, req, req.params.bundle);
        return sendResult(reply, { success: true, added, fileSeq }, fileSeq);
      },
    );
=======
    await enrolmentRoutes(ctx)(app, {});
    await templateRoutes(ctx)(app, {});
    await bundleRoutes(ctx)(app, {});
    await itemCodeRoutes(ctx)(app, {});
>>>>>>> 33123db (Loyalty templates, bundles and item codes described in the contract and registered from it; the module takes the routes/service/repo shape (services take an Actor); template.ts split into rules, schemas and form)
  };
