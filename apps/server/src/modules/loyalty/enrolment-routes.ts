import type { FastifyInstance } from 'fastify';
import { enrolmentEndpoints, isoDay, loyaltyCsvFileName } from '@fc/contract/loyalty';
import type { AppContext } from '../../context';
import { actorOf } from '../../http/actor';
import { sendCsv } from '../../http/csv';
import { route } from '../../http/endpoint';
import { sendList, sendResult } from '../../http/jsonapi';
import { clampedPage } from '../../http/list';
import { addEnrolment, customerOptionPage, ENROLMENT_CSV_HEADER, enrolmentCsvLines, enrolmentPage, unenrol } from './enrolment-service';

/**
 * The customers tab of the corporate back office (LOY-05 to LOY-09), registered from the contract: the
 * enrolment list and its CSV, the customer options, enrolling and unenrolling.
 */
export function enrolmentRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, enrolmentEndpoints.list, async (req, reply) => {
    const { rows, total, estimated, page } = await clampedPage(req.query.page, (page) => enrolmentPage(ctx, { ...req.query, page }));
    return sendList(reply, {
      url: req.url,
      type: 'loyalty-custs',
      rows: rows.map((r) => ({ id: r.custLoyaltyProgramSeq, attributes: r })),
      total,
      estimated,
      page,
    });
  });

  route(app, enrolmentEndpoints.csv, async (req, reply) =>
    sendCsv(reply, loyaltyCsvFileName('customers', isoDay()), ENROLMENT_CSV_HEADER, enrolmentCsvLines(ctx, req.query)),
  );

  route(app, enrolmentEndpoints.customerOptions, async (req, reply) => {
    const { rows, total, estimated, page } = await clampedPage(req.query.page, (page) => customerOptionPage(ctx, { ...req.query, page }));
    return sendList(reply, {
      url: req.url,
      type: 'loyalty-customer-options',
      rows: rows.map((r) => ({ id: r.value, attributes: r })),
      total,
      estimated,
      page,
    });
  });

  route(app, enrolmentEndpoints.add, async (req, reply) => {
    const row = await addEnrolment(ctx, actorOf(req), req.body);
    return sendResult(
      reply,
      { success: true, custLoyaltyProgramSeq: row.custLoyaltyProgramSeq, loyaltyProgramStatus: row.status },
      row.custLoyaltyProgramSeq,
    );
  });

  route(app, enrolmentEndpoints.remove, async (req, reply) => {
    await unenrol(ctx, actorOf(req), req.body.cust_loyalty_program_seq);
    return sendResult(reply, { success: true }, req.body.cust_loyalty_program_seq);
  });
}
