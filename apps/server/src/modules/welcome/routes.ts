import { and, count, eq, gte, inArray, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountType, authEndpoints, can, effectiveType, WELCOME_FIGURES, type PermissionName, type WelcomeFigureKey } from '@fc/contract';
import { CLOSED_STATUSES } from '@fc/contract/loyalty';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { accountRequests, cards, customers, custTaxRates, inboundFiles, loyaltyEnrolments, loyaltyPrograms } from '../../db/schema/index';
import { principalOf, type SessionPrincipal } from '../../http/access';
import { route } from '../../http/endpoint';
import { resource, sendData } from '../../http/jsonapi';
import { scopeOf as fileScope } from '../inbound-files/index';

interface FigureDef {
  /** Who sees it: the permission of the screen it summarises, and where needed the account type. */
  shown(p: SessionPrincipal): boolean;
  value(db: Db, p: SessionPrincipal): Promise<number>;
}

const countOf = async (db: Db, table: PgTable, where?: SQL) => {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
};

const may = (name: PermissionName) => (p: SessionPrincipal) => can(p, name);
const lastWeek = sql`now() - interval '7 days'`;

/** The figures in the order the page shows them. */
const FIGURES: Record<WelcomeFigureKey, FigureDef> = {
  'open-account-requests': {
    shown: may('corporate'),
    value: (db) => countOf(db, accountRequests, inArray(accountRequests.status, ['new', 'in-review'])),
  },
  'active-customers': {
    shown: may('corporate'),
    value: (db) => countOf(db, customers, eq(customers.status, 0)),
  },
  'active-loyalty-programs': {
    shown: may('corpLoyaltyView'),
    value: (db) => countOf(db, loyaltyPrograms, eq(loyaltyPrograms.status, 0)),
  },
  'loyalty-in-progress': {
    shown: (p) => effectiveType(p) === AccountType.Customer && can(p, 'custLoyaltyView') && p.custNo != null,
    value: (db, p) =>
      countOf(
        db,
        loyaltyEnrolments,
        and(
          eq(loyaltyEnrolments.custNo, p.custNo!),
          notInArray(loyaltyEnrolments.status, [...CLOSED_STATUSES]),
          lte(loyaltyEnrolments.startDate, sql`current_date`),
          gte(loyaltyEnrolments.endDate, sql`current_date`),
        ),
      ),
  },
  cards: {
    shown: (p) => can(p, 'customer') && p.custNo != null,
    value: (db, p) => countOf(db, cards, eq(cards.custNo, p.custNo!)),
  },
  'files-processed-7d': {
    shown: may('priceFiles'),
    value: (db, p) => countOf(db, inboundFiles, and(fileScope(p), eq(inboundFiles.state, 'done'), gte(inboundFiles.finishedAt, lastWeek))),
  },
  'files-failed-7d': {
    shown: may('priceFiles'),
    value: (db, p) =>
      countOf(db, inboundFiles, and(fileScope(p), eq(inboundFiles.state, 'failed'), gte(inboundFiles.finishedAt, lastWeek))),
  },
  'tax-rates-in-force': {
    shown: may('taxView'),
    value: (db) =>
      countOf(
        db,
        custTaxRates,
        and(
          lte(custTaxRates.effectiveDate, sql`current_date`),
          or(isNull(custTaxRates.expiryDate), gte(custTaxRates.expiryDate, sql`current_date`)),
        ),
      ),
  },
};

/** The live figures of the welcome pages (APP-15), each only for a user who may open its screen. */
export const welcomeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, authEndpoints.welcomeFigures, async (req, reply) => {
      const p = principalOf(req);
      const data = [];
      // One count at a time: PGlite answers one query at a time anyway, and each is an index lookup.
      for (const key of Object.keys(FIGURES) as WelcomeFigureKey[]) {
        const figure = FIGURES[key];
        if (!figure.shown(p)) continue;
        data.push(resource('welcome-figure', key, { value: await figure.value(ctx.db, p), routeId: WELCOME_FIGURES[key] }));
      }
      reply.header('cache-control', 'no-store');
      return sendData(reply, data);
    });
  };
