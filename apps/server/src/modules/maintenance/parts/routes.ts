import type { FastifyInstance } from 'fastify';
import { estesExportFileName, partsEndpoints } from '@fc/contract/maintenance';
import type { AppContext } from '../../../context';
import { actorOf } from '../../../http/actor';
import { sendCsv } from '../../../http/csv';
import { route } from '../../../http/endpoint';
import { resource, sendData, sendResult } from '../../../http/jsonapi';
import { MAPPING_CSV_HEADER, createMapping, findMapping, mappingRows, removeMapping } from './service';

/** Parts mapping (tasks 502 and 507). */
export function partsRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, partsEndpoints.find, async (req, reply) => {
    const rows = await findMapping(ctx, req.query.part_no, req.query.query_type);
    return sendData(
      reply,
      rows.map((r) => resource('estes-parts', r.partNo, { partNo: r.partNo, customPartNo: r.customPartNo, description: r.description })),
    );
  });

  route(app, partsEndpoints.create, async (req, reply) => {
    const row = await createMapping(ctx, actorOf(req), req.body);
    return sendResult(reply, { partNo: row.partNo, customPartNo: row.customPartNo }, row.partNo, 201);
  });

  route(app, partsEndpoints.remove, async (req, reply) => {
    const row = await removeMapping(ctx, actorOf(req), req.body);
    return sendResult(reply, { partNo: row.partNo, customPartNo: row.customPartNo }, row.partNo);
  });

  route(app, partsEndpoints.csv, async (_req, reply) => sendCsv(reply, estesExportFileName(), MAPPING_CSV_HEADER, mappingRows(ctx)));
}
