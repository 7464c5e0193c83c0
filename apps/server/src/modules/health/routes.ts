import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { sessionCookieName, sessionCookieOptions } from '../../http/access';

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/healthz',
      { config: { access: 'public', rateLimit: false, formToken: 'none', interactive: false }, logLevel: 'warn' },
      async () => ({
        status: 'ok',
      }),
    );
    // The hidden frame of the app root (APP-04), loaded with every start of the app. It keeps
    // the browser's session cookie in step with the server: a cookie naming a session the server has ended
    // (idle past the full session minutes, signed out in another browser, account disabled) is cleared, so
    // the browser stops presenting a dead id. It does not touch a live session: only Continue's ping
    // refreshes last_touch (SESS-07), or opening a page would defeat the idle timeout.
    app.get('/frame', { config: { access: 'public' }, logLevel: 'warn' }, async (req, reply) => {
      const name = sessionCookieName(ctx);
      if (req.cookies?.[name] && !req.principal) reply.clearCookie(name, sessionCookieOptions(ctx));
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send('<!doctype html><html lang="en"><head><title>frame</title></head></html>');
    });
    app.get(
      '/readyz',
      { config: { access: 'public', rateLimit: false, formToken: 'none', interactive: false }, logLevel: 'warn' },
      async (_req, reply) => {
        try {
          await ctx.database.ping();
          return { status: 'ok', database: ctx.database.kind };
        } catch {
          return reply.code(503).send({ status: 'unavailable', database: ctx.database.kind });
        }
      },
    );
  };
