import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currencyCode,
  custEnrolmentQuerySchema,
  custProgramsQuerySchema,
  SPEND_DETAILS_COLUMNS,
  spendDetailsFileName,
} from '@fc/contract/loyalty';
import type { AppContext } from '../../context';
import { principalOf } from '../../http/access';
import { sendCsv } from '../../http/csv';
import { resource, sendData } from '../../http/jsonapi';
import { today } from './repo';
import { custPrograms } from './customer-programs';
import { breakdown, spendDetails } from './spend-details';
import { breakdownTotals, pageCustomer, readableEnrolment } from './service';

/**
 * The customer loyalty page's calls (LOY-30, LOY-31, LOY-33): the programme cards, the
 * spend-details export, and the breakdown of qualifying and excluded spend (beyond the specification).
 */
export const loyaltyEngineRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/fc-common-api/loyalty-cust-programs',
      { config: { access: 'custLoyaltyView' }, schema: { querystring: custProgramsQuerySchema } },
      async (req, reply) => {
        const custNo = pageCustomer(principalOf(req), req.query['filter[cust_no]']);
        const cards = await custPrograms(ctx.db, custNo, req.query['filter[for]'], today());
        return sendData(
          reply,
          cards.map((c) => resource('loyalty-cust-programs', c.custLoyaltyProgramSeq, { ...c })),
          { record_count: cards.length },
        );
      },
    );

    app.get(
      '/fc-common-api/loyalty/cust_details',
      { config: { access: 'custLoyaltyView' }, schema: { querystring: custEnrolmentQuerySchema } },
      async (req, reply) => {
        const seq = req.query.cust_loyalty_program_seq;
        const owner = await readableEnrolment(ctx.db, principalOf(req), seq);
        const db = ctx.db;
        async function* lines() {
          for await (const r of spendDetails(db, seq)) {
            yield [
              r.trxDate,
              r.invoice,
              r.itemCode,
              r.description ?? '',
              r.amount,
              currencyCode(r.currency),
              owner.programName,
              owner.custNo,
            ] as const;
          }
        }
        return sendCsv(reply, spendDetailsFileName(), SPEND_DETAILS_COLUMNS, lines());
      },
    );

    app.get(
      '/fc-common-api/loyalty/cust_breakdown',
      { config: { access: 'custLoyaltyView' }, schema: { querystring: custEnrolmentQuerySchema } },
      async (req, reply) => {
        const seq = req.query.cust_loyalty_program_seq;
        await readableEnrolment(ctx.db, principalOf(req), seq);
        const found = await breakdown(ctx.db, seq);
        const totals = breakdownTotals(found);
        return sendData(
          reply,
          found.map((r) => resource('loyalty-spend-breakdown', `${r.itemCode}-${r.currency}-${r.reason}`, { ...r })),
          {
            record_count: found.length,
            qualifying_amount: totals.qualifyingAmount,
            excluded_amount: totals.excludedAmount,
            other_currency_amount: totals.otherCurrencyAmount,
          },
        );
      },
    );
  };
