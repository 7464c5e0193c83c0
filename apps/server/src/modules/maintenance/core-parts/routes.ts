import type { FastifyInstance } from 'fastify';
import { coreEndpoints } from '@fc/contract/maintenance';
import type { AppContext } from '../../../context';
import { route } from '../../../http/endpoint';
import { sendList } from '../../../http/jsonapi';
import { clampedPage } from '../../../http/list';
import { listCoreParts } from './service';

/** The core parts list (task 505). */
export function corePartsRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, coreEndpoints.list, async (req, reply) => {
    const { rows, total, estimated, page } = await clampedPage(req.query.page, (page) => listCoreParts(ctx, { ...req.query, page }));
    return sendList(reply, {
      url: req.url,
      type: 'core-parts',
      total,
      estimated,
      page,
      rows: rows.map(({ id, ...attributes }) => ({ id, attributes })),
    });
  });
}
