import { and, count, eq, or, sql, type SQL } from 'drizzle-orm';
import { csvCell } from '../../http/csv';
import type { FastifyRequest } from 'fastify';
import { countryOfState, type AccountRequest, type AccountRequestStatus, type accountRequestListQuerySchema } from '@fc/contract/customers';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { accountRequests } from '../../db/schema/index';
import { audit } from '../../audit/audit';
import { contains, offsetOf, orderBy, pageAndCount } from '../../http/list';
import { AppError, notFound } from '../../http/errors';
import { throttleStore } from '../../db/throttle-store';
import { enqueueMail, wakeMailWorker } from '../../mail/outbox';

type ListQuery = z.output<typeof accountRequestListQuerySchema>;

const HOUR = 60 * 60_000;

/**
 * The account-request form's own throttle (issue 16): ACCOUNT_REQUESTS_PER_ADDRESS requests an hour from
 * one client address and ACCOUNT_REQUESTS_PER_EMAIL for one e-mail address, counted in the database
 * (auth_throttles, keyed by a hash, so every process counts the same). Each request is counted before it
 * is checked, so that a burst cannot slip through between a read and a write; a refusal answers 429
 * `too-many-account-requests` and stores and mails nothing.
 */
export async function throttleAccountRequest(ctx: AppContext, req: FastifyRequest, email: string): Promise<void> {
  const store = throttleStore(ctx);
  const byAddress = (await store.hit(`account-request:ip:${req.ip}`, HOUR)) > ctx.config.ACCOUNT_REQUESTS_PER_ADDRESS;
  const byEmail = (await store.hit(`account-request:email:${email.trim().toLowerCase()}`, HOUR)) > ctx.config.ACCOUNT_REQUESTS_PER_EMAIL;
  if (byAddress || byEmail) {
    req.log.warn({ event: 'account-request-throttled', by: byAddress ? 'address' : 'email' }, 'account request refused: too many');
    throw new AppError(
      429,
      'too-many-account-requests',
      'Too many account requests have been sent from here or for this e-mail address. Please try again in an hour, or call support.',
    );
  }
}

/**
 * Stores the request and, in the same transaction, queues the e-mail to the support mailbox (sent by the
 * e-mail job, retried; a final failure is in the audit log). The request is on the account requests page
 * for corporate staff either way.
 */
export async function createAccountRequest(ctx: AppContext, req: FastifyRequest, input: AccountRequest): Promise<number> {
  await throttleAccountRequest(ctx, req, input.email);
  const country = countryOfState(input.state);
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(accountRequests)
      .values({
        fullName: input.full_name,
        jobTitle: input.job_title,
        phone: input.phone,
        email: input.email,
        accountNumber: Number(input.account_number),
        companyName: input.company_name,
        address: input.address,
        city: input.city,
        state: input.state.toUpperCase(),
        country,
        zip: input.zip,
      })
      .returning();
    await audit(tx, req, { entity: 'account_request', entityId: created!.id, action: 'create', after: { ...input, country } });
    // The support mailbox has no saved language: its messages are in en-us, the portal's fallback (decision 0420).
    await enqueueMail(ctx, tx, {
      template: 'account-request',
      to: ctx.config.SUPPORT_MAILBOX,
      language: 0,
      params: {
        id: created!.id,
        createdAt: created!.createdAt.toISOString(),
        fullName: created!.fullName,
        jobTitle: created!.jobTitle,
        phone: created!.phone,
        email: created!.email,
        accountNumber: created!.accountNumber,
        company: created!.companyName,
        address: created!.address,
        city: created!.city,
        state: created!.state,
        country: created!.country,
        zip: created!.zip,
        reviewUrl: `${ctx.config.PUBLIC_URL}/ui/corp/account-requests`,
      },
    });
    return created!;
  });
  wakeMailWorker(ctx);
  return row.id;
}

const sortColumns = {
  created_at: accountRequests.createdAt,
  updated_at: accountRequests.updatedAt,
  full_name: sql`lower(${accountRequests.fullName})`,
  company_name: sql`lower(${accountRequests.companyName})`,
  account_number: accountRequests.accountNumber,
  state: accountRequests.state,
  status: accountRequests.status,
};

/** The list's filter and search, shared by the page and the CSV export. */
function accountRequestWhere(q: ListQuery) {
  return and(
    q.filters.status ? eq(accountRequests.status, q.filters.status) : undefined,
    q.search
      ? or(
          contains(accountRequests.fullName, q.search),
          contains(accountRequests.companyName, q.search),
          contains(accountRequests.email, q.search),
          contains(accountRequests.accountNumber, q.search),
          contains(accountRequests.city, q.search),
        )
      : undefined,
  );
}

export async function listAccountRequests(ctx: AppContext, q: ListQuery) {
  const where = accountRequestWhere(q);
  return pageAndCount(ctx.db, {
    page: q.page,
    exact: q.exactCount,
    max: ctx.config.LIST_EXACT_COUNT_MAX,
    matching: sql`select 1 from ${accountRequests} where ${where ?? sql`true`}`,
    rows: () =>
      ctx.db
        .select()
        .from(accountRequests)
        .where(where)
        .orderBy(...orderBy(q.sort, sortColumns, accountRequests.id))
        .limit(q.page.size)
        .offset(offsetOf(q.page)),
    count: async () => (await ctx.db.select({ n: count() }).from(accountRequests).where(where))[0]?.n ?? 0,
  });
}

const utc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The CSV export's columns: what the list shows, every text cell formula-safe (csv_cell). */
export const accountRequestCsvColumns = (): { header: string; cell: SQL }[] => [
  { header: 'created_at', cell: utc(sql`${accountRequests.createdAt}`) },
  { header: 'full_name', cell: csvCell(sql`${accountRequests.fullName}`) },
  { header: 'job_title', cell: csvCell(sql`${accountRequests.jobTitle}`) },
  { header: 'company_name', cell: csvCell(sql`${accountRequests.companyName}`) },
  { header: 'account_number', cell: sql`${accountRequests.accountNumber}::text` },
  { header: 'email', cell: csvCell(sql`${accountRequests.email}`) },
  { header: 'phone', cell: csvCell(sql`${accountRequests.phone}`) },
  { header: 'address', cell: csvCell(sql`${accountRequests.address}`) },
  { header: 'city', cell: csvCell(sql`${accountRequests.city}`) },
  { header: 'state', cell: csvCell(sql`${accountRequests.state}`) },
  { header: 'country', cell: csvCell(sql`${accountRequests.country}`) },
  { header: 'zip', cell: csvCell(sql`${accountRequests.zip}`) },
  { header: 'status', cell: csvCell(sql`${accountRequests.status}`) },
  { header: 'reviewed_by', cell: csvCell(sql`${accountRequests.reviewedBy}`) },
  { header: 'updated_at', cell: utc(sql`${accountRequests.updatedAt}`) },
];

/** FROM, WHERE and ORDER BY of the export: the list's filter, search and sort, without paging. */
export function accountRequestCsvFrom(q: ListQuery): SQL {
  return sql`from ${accountRequests} where ${accountRequestWhere(q) ?? sql`true`} order by ${sql.join(orderBy(q.sort, sortColumns, accountRequests.id), sql`, `)}`;
}

export async function setAccountRequestStatus(
  ctx: AppContext,
  req: FastifyRequest,
  id: number,
  status: AccountRequestStatus,
  reviewer: string,
) {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(accountRequests).where(eq(accountRequests.id, id)).for('update');
    if (!before) throw notFound('not-found', `No account request ${id}`);
    const [after] = await tx
      .update(accountRequests)
      .set({ status, reviewedBy: reviewer, updatedAt: sql`now()` })
      .where(eq(accountRequests.id, id))
      .returning();
    await audit(tx, req, {
      entity: 'account_request',
      entityId: id,
      action: 'status',
      before: { status: before.status },
      after: { status },
    });
    return after!;
  });
}
