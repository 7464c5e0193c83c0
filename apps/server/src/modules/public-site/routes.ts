import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';

/** The query string of a request, kept across a redirect (campaign links carry their tracking there). */
function queryOf(req: FastifyRequest): string {
  const i = req.url.indexOf('?');
  return i < 0 ? '' : req.url.slice(i);
}

/**
 * The public addresses of the app configuration (APP-13) that are not pages of the web app
 * themselves: the apply path leads to the customer account request form, and the credit-back path to its
 * page under /ui.
 */
export const publicSiteRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    for (const url of ['/apply/', '/apply']) {
      app.get(url, { config: { access: 'public' } }, async (req, reply) =>
        reply.redirect(`${ctx.config.REQUEST_ACCOUNT_LINK}${queryOf(req)}`, 302),
      );
    }
    for (const url of ['/FleetriteCreditBack', '/FleetriteCreditBack/']) {
      app.get(url, { config: { access: 'public' } }, async (req, reply) => reply.redirect(`/ui/FleetriteCreditBack${queryOf(req)}`, 302));
    }
  };
