import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { countryOfState, type AccountRequest, type AccountRequestStatus, type accountRequestListQuerySchema } from '@fc/contract/customers';
import { audit, type Actor } from '../../../audit/audit';
import type { AppContext } from '../../../context';
import { throttleStore } from '../../../db/throttle-store';
import { AppError, notFound } from '../../../http/errors';
import { enqueueMail, wakeMailWorker } from '../../../mail/outbox';
import { accountRequestPage, insertAccountRequest, lockAccountRequest, updateAccountRequestStatus } from '../repo/account-requests';

export { accountRequestCsvColumns, accountRequestCsvFrom } from '../repo/account-requests';

type ListQuery = z.output<typeof accountRequestListQuerySchema>;

/** Where a request comes from: the client address the throttle counts, and the log its refusals go to. */
export interface RequestOrigin {
  ip: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const HOUR = 60 * 60_000;

/**
 * The account-request form's own throttle (issue 16): ACCOUNT_REQUESTS_PER_ADDRESS requests an hour from
 * one client address and ACCOUNT_REQUESTS_PER_EMAIL for one e-mail address, counted in the database
 * (auth_throttles, keyed by a hash, so every process counts the same). Each request is counted before it
 * is checked, so that a burst cannot slip through between a read and a write; a refusal answers 429
 * `too-many-account-requests` and stores and mails nothing.
 */
export async function throttleAccountRequest(ctx: AppContext, origin: RequestOrigin, email: string): Promise<void> {
  const store = throttleStore(ctx);
  const byAddress = (await store.hit(`account-request:ip:${origin.ip}`, HOUR)) > ctx.config.ACCOUNT_REQUESTS_PER_ADDRESS;
  const byEmail = (await store.hit(`account-request:email:${email.trim().toLowerCase()}`, HOUR)) > ctx.config.ACCOUNT_REQUESTS_PER_EMAIL;
  if (byAddress || byEmail) {
    origin.log.warn({ event: 'account-request-throttled', by: byAddress ? 'address' : 'email' }, 'account request refused: too many');
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
export async function createAccountRequest(ctx: AppContext, actor: Actor, origin: RequestOrigin, input: AccountRequest): Promise<number> {
  await throttleAccountRequest(ctx, origin, input.email);
  const country = countryOfState(input.state);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertAccountRequest(tx, {
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
    });
    await audit(tx, actor, { entity: 'account_request', entityId: created.id, action: 'create', after: { ...input, country } });
    // The support mailbox has no saved language: its messages are in en-us, the portal's fallback (decision 0420).
    await enqueueMail(ctx, tx, {
      template: 'account-request',
      to: ctx.config.SUPPORT_MAILBOX,
      language: 0,
      params: {
        id: created.id,
        createdAt: created.createdAt.toISOString(),
        fullName: created.fullName,
        jobTitle: created.jobTitle,
        phone: created.phone,
        email: created.email,
        accountNumber: created.accountNumber,
        company: created.companyName,
        address: created.address,
        city: created.city,
        state: created.state,
        country: created.country,
        zip: created.zip,
        reviewUrl: `${ctx.config.PUBLIC_URL}/ui/corp/account-requests`,
      },
    });
    return created;
  });
  wakeMailWorker(ctx);
  return row.id;
}

/** One page of the account requests (corporate staff). */
export function listAccountRequests(ctx: AppContext, q: ListQuery) {
  return accountRequestPage(ctx.db, q, ctx.config.LIST_EXACT_COUNT_MAX);
}

/** Moves a request to another review status, audited with the status before and after. */
export async function setAccountRequestStatus(ctx: AppContext, actor: Actor, id: number, status: AccountRequestStatus, reviewer: string) {
  return ctx.db.transaction(async (tx) => {
    const before = await lockAccountRequest(tx, id);
    if (!before) throw notFound('not-found', `No account request ${id}`);
    const after = await updateAccountRequestStatus(tx, id, status, reviewer);
    await audit(tx, actor, {
      entity: 'account_request',
      entityId: id,
      action: 'status',
      before: { status: before.status },
      after: { status },
    });
    return after;
  });
}
