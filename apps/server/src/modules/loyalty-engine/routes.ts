import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { custProgramEndpoints, SPEND_DETAILS_COLUMNS, spendDetailsFileName } from '@fc/contract/loyalty';
import type { AppContext } from '../../context';
import { principalOf } from '../../http/access';
import { sendCsv } from '../../http/csv';
import { route } from '../../http/endpoint';
import { resource, sendData } from '../../http/jsonapi';
import { customerCards, spendBreakdown, spendDetailsLines } from './service';

/**
 * The customer loyalty page's calls (LOY-30, LOY-31, LOY-33), registered from the contract: the programme
 * cards, the spend-details export, and the breakdown of qualifying and excluded spend (beyond the specification).
 */
export const loyaltyEngineRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, custProgramEndpoints.list, async (req, reply) => {
      const cards = await customerCards(ctx, principalOf(req), req.query);
      return sendData(
        reply,
        cards.map((c) => resource('loyalty-cust-programs', c.custLoyaltyProgramSeq, { ...c })),
        { record_count: cards.length },
      );
    });

    route(app, custProgramEndpoints.spendDetails, async (req, reply) => {
      const lines = await spendDetailsLines(ctx, principalOf(req), req.query.cust_loyalty_program_seq);
      return sendCsv(reply, spendDetailsFileName(), SPEND_DETAILS_COLUMNS, lines);
    });

    route(app, custProgramEndpoints.breakdown, async (req, reply) => {
      const { rows, totals } = await spendBreakdown(ctx, principalOf(req), req.query.cust_loyalty_program_seq);
      return sendData(
        reply,
        rows.map((r) => resource('loyalty-spend-breakdown', `${r.itemCode}-${r.currency}-${r.reason}`, { ...r })),
        {
          record_count: rows.length,
          qualifying_amount: totals.qualifyingAmount,
          excluded_amount: totals.excludedAmount,
          other_currency_amount: totals.otherCurrencyAmount,
        },
      );
    });
  };
