import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { acceptUploads } from '../../http/multipart';
import { enrolmentRoutes } from './enrolment-routes';
import { bundleRoutes } from './routes/bundles';
import { itemCodeRoutes } from './routes/item-codes';
import { templateRoutes } from './routes/templates';

/**
 * The corporate loyalty back office (LOY-01 to LOY-29): enrolments, programme templates,
 * bundles and item codes. Reading and exporting need task 508 or 509; every change needs 509.
 */
export const loyaltyRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await acceptUploads(app);
    enrolmentRoutes(app, ctx);
    await templateRoutes(ctx)(app, {});
    await bundleRoutes(ctx)(app, {});
    await itemCodeRoutes(ctx)(app, {});
  };
