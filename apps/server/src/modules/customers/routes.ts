import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvExportFileName, kebabCase } from '@fc/contract';
import {
  accountRequestEndpoints,
  addressEndpoints,
  ADDRESS_TYPES,
  COUNTRIES,
  CUSTOMER_OPTION_LISTS,
  customerEndpoints,
  EXPRESS_MAIL_TYPES,
  purchasingRequirementsEndpoints,
  STATES,
} from '@fc/contract/customers';
import type { AppContext } from '../../context';
import { principalOf } from '../../http/access';
import { actorOf } from '../../http/actor';
import { sendCopiedCsv } from '../../http/csv';
import { route } from '../../http/endpoint';
import { badRequest, notFound } from '../../http/errors';
import { resource, sendData, sendList, sendResult } from '../../http/jsonapi';
import { clampedPage } from '../../http/list';
import { assertStepUp } from '../auth/index';
import {
  accountRequestCsvColumns,
  accountRequestCsvFrom,
  createAccountRequest,
  listAccountRequests,
  setAccountRequestStatus,
} from './service/account-requests';
import { createCustomer, customerCsvColumns, customerCsvFrom, customerDetails, listCustomers } from './service/customers';
import { optionGroups } from './service/options';
import { purchasingRequirements } from './service/purchase-requirements';

/** The specification's wire names: cust-no, address-1 (a hyphen before a trailing number too). */
const wireName = (key: string) => kebabCase(key).replace(/([a-z])(\d)/g, '$1-$2');

/** Nested objects keep the wire's kebab-case keys too (custDetails → cust-details: {cust-no, ...}). */
function kebabDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(kebabDeep);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [wireName(k), kebabDeep(v)]));
  }
  return value;
}

export const customersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // ------------------------------------------------ address options (public: the request form uses them)
    route(app, addressEndpoints.states, async (_req, reply) =>
      sendData(
        reply,
        STATES.map((s) => resource('states', s.value, { value: s.value, label: s.label, country: s.country })),
      ),
    );

    route(app, addressEndpoints.options, async (_req, reply) =>
      sendData(reply, [
        resource('address-options', 'country', {
          name: 'country',
          options: COUNTRIES.map((c) => ({ value: c.value, label: c.label, iso: c.iso })),
        }),
        resource('address-options', 'state', { name: 'state', options: STATES }),
        resource('address-options', 'address_type', { name: 'address_type', options: ADDRESS_TYPES }),
        resource('address-options', 'express_mail_type', { name: 'express_mail_type', options: EXPRESS_MAIL_TYPES }),
      ]),
    );

    // ------------------------------------------------ account requests
    route(app, accountRequestEndpoints.create, async (req, reply) => {
      const id = await createAccountRequest(ctx, actorOf(req), { ip: req.ip, log: req.log }, req.body);
      return sendResult(reply, { requestId: id }, id);
    });

    route(app, accountRequestEndpoints.list, async (req, reply) => {
      const { rows, total, estimated, page } = await clampedPage(req.query.page, (page) =>
        listAccountRequests(ctx, { ...req.query, page }),
      );
      return sendList(reply, {
        url: req.url,
        type: 'account-requests',
        total,
        estimated,
        page,
        rows: rows.map(({ id, ...r }) => ({ id, attributes: r })),
      });
    });

    // The export takes the list's query (sort, search, filter) and ignores its paging: every matching row.
    route(app, accountRequestEndpoints.csv, async (req, reply) =>
      sendCopiedCsv(
        reply,
        ctx.database,
        csvExportFileName('AccountRequests'),
        accountRequestCsvColumns(),
        accountRequestCsvFrom(req.query),
      ),
    );

    route(app, accountRequestEndpoints.setStatus, async (req, reply) => {
      // Approving opens the portal to someone: a sensitive change, after a fresh check (decision 0700).
      if (req.body.status === 'approved') assertStepUp(ctx.config, principalOf(req));
      const row = await setAccountRequestStatus(ctx, actorOf(req), req.params.id, req.body.status, principalOf(req).username);
      return sendResult(reply, { requestStatus: row.status, reviewedBy: row.reviewedBy }, row.id);
    });

    // ------------------------------------------------ customer creation (corporate: docs/decisions/0010)
    route(app, customerEndpoints.options, async (req, reply) => {
      const list = CUSTOMER_OPTION_LISTS.find((l) => l === req.params.list);
      if (!list) throw notFound('not-found', `No option list ${req.params.list}`);
      // Only the link customer list is searched; the others are short, fixed lists.
      if (req.query.search !== undefined && list !== 'link_customer')
        throw badRequest('invalid', `The ${list} list takes no search`, 'filter[search]');
      const groups = await optionGroups(ctx, list, req.query.search);
      return sendData(
        reply,
        groups.map((g) => resource('customer-options', g.name, { name: g.name, options: g.options })),
      );
    });

    route(app, customerEndpoints.create, async (req, reply) => {
      const custNo = await createCustomer(ctx, actorOf(req), req.body);
      return sendResult(reply, { custNo }, custNo);
    });

    // The old address the create form goes to after success; our customer maintenance page answers it.
    app.get('/cgi-bin/ui/customer_maintenance.cgi', { config: { access: 'public' } }, async (_req, reply) =>
      reply.redirect('/ui/corp/customers', 303),
    );

    // ------------------------------------------------ customer maintenance
    // The list is the hot path (issue 22): rows go out as read, with no mapping beyond the resource's id.
    route(app, customerEndpoints.list, async (req, reply) => {
      const { rows, total, estimated, page, nextCursor } = await clampedPage(req.query.page, (page) =>
        listCustomers(ctx, { ...req.query, page }),
      );
      return sendList(reply, {
        url: req.url,
        type: 'customers',
        total,
        estimated,
        page,
        nextCursor,
        rows: rows.map((r) => ({ id: r.custNo, attributes: r })),
      });
    });

    // The export takes the list's query (sort, search, filters) and ignores its paging: every matching row.
    route(app, customerEndpoints.csv, async (req, reply) =>
      sendCopiedCsv(reply, ctx.database, csvExportFileName('Customers'), customerCsvColumns(), customerCsvFrom(req.query)),
    );

    route(app, customerEndpoints.details, async (req, reply) => {
      const details = await customerDetails(ctx, req.params.custNo);
      return sendData(reply, [resource('customers', details.custNo, details)]);
    });

    // ------------------------------------------------ purchase requirements (the signed-in customer only)
    route(app, purchasingRequirementsEndpoints.get, async (req, reply) => {
      const custNo = principalOf(req).custNo;
      if (custNo == null) throw notFound('not-found', 'No customer is linked to this sign-in.');
      const data = await purchasingRequirements(ctx, custNo);
      return sendData(reply, [
        resource('purchasing-requirements', custNo, {
          custDetails: kebabDeep(data.custDetails),
          cardOptions: kebabDeep(data.cardOptions),
          columnInfo: kebabDeep(data.columnInfo),
        }),
      ]);
    });
  };
