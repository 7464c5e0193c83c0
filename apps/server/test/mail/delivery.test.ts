import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, passwordResetTokens, users } from '../../src/db/schema/index';
import { createMailer } from '../../src/mail/mailer';
import { mailJob } from '../../src/mail/outbox';
import { createTestApp, type TestApp } from '../helpers/app';
import { api, loginAs, seedUsers } from '../helpers/http';

/**
 * E-mail as infrastructure (issue 20): every message is queued by the request and sent by the pg-boss
 * e-mail job to a real SMTP server; an SMTP server that stops in the middle of a send gets the message once
 * it is back, exactly once; a message whose retries are exhausted is in the audit log for corporate
 * administrators. Retries start after about 1 s here (MAIL_RETRY_DELAY_SECONDS=1) and double each time.
 */
const REQUEST = '/fc-common-api/users/create_reset_password_request';

interface Received {
  to: string[];
  data: string;
}

/** A real SMTP server on a fixed port; `behaviour` decides per message what it does. */
class TestSmtp {
  received: Received[] = [];
  port = 0;
  private server?: SMTPServer;
  /** Called before a message is accepted: 'accept', 'drop' (the server goes away mid-send) or 'reject'. */
  behaviour: (n: number) => 'accept' | 'drop' | 'reject' = () => 'accept';
  /** How many messages the server has been sent (their index is the `n` of `behaviour`). */
  seen = 0;

  async start(): Promise<void> {
    const options: SMTPServerOptions = {
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (this.behaviour(this.seen) === 'reject') callback(new Error(`mailbox ${address.address} unavailable`));
        else callback();
      },
      onData: (stream, session, callback) => {
        const n = this.seen++;
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (this.behaviour(n) === 'drop') {
            // The server stops in the middle of the send: the message is never acknowledged.
            void this.stop();
            return;
          }
          this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    };
    const server = new SMTPServer(options);
    server.on('error', () => {});
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening and cuts every open connection. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const connections = (server as unknown as { connections: Set<{ _socket?: { destroy(): void } }> }).connections;
    for (const c of connections ?? []) c._socket?.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** A message body as a reader sees it: quoted-printable soft breaks and escapes undone. */
const decoded = (eml: string) =>
  Buffer.from(
    eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, seconds = 60): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let t: TestApp;
const smtp = new TestSmtp();

beforeAll(async () => {
  await smtp.start();
  t = await createTestApp({
    jobs: true,
    jobDefinitions: [mailJob],
    env: { MAIL_RETRY_LIMIT: '2', MAIL_RETRY_DELAY_SECONDS: '1', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
  });
  t.ctx.mailer = createMailer({
    smtpUrl: t.config.SMTP_URL,
    from: t.config.MAIL_FROM,
    outboxDir: t.dataDir,
    log: pino({ level: 'silent' }),
  });
  await seedUsers(t.ctx);
  for (const username of ['customer', 'dealer'])
    await t.db
      .update(users)
      .set({ email: `${username}@example.com` })
      .where(eq(users.username, username));
}, 120_000);

afterAll(async () => {
  await t?.close();
  await smtp.stop();
});

const rowsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));
const receivedBy = (to: string) => smtp.received.filter((m) => m.to.includes(to));

describe('e-mail through the job queue and a real SMTP server', () => {
  it('a request only queues the message; the job delivers it in the recipient’s saved language and records it', async () => {
    smtp.behaviour = () => 'accept';
    await t.db.update(users).set({ language: 2 }).where(eq(users.username, 'customer'));
    const res = await api(t.app).post(REQUEST, { user: 'customer' });
    expect(res.status).toBe(200);
    const row = await until('the sent message', async () => (await rowsTo('customer@example.com')).find((r) => r.state === 'sent'));
    expect(row).toMatchObject({ template: 'password-reset', language: 2, attempts: 1, lastError: null });
    // The outbox keeps no link and no token.
    expect(JSON.stringify(row.params)).not.toMatch(/token|password\/update/);
    const [mail] = receivedBy('customer@example.com');
    const body = decoded(mail!.data);
    expect(body).toMatch(/^Subject: .*r=C3=A9initialisez votre mot de passe|^Subject: =\?UTF-8\?/m);
    expect(body).toContain('Bonjour');
    expect(body).toMatch(/\/ui\/password\/update\?token=[A-Za-z0-9_-]{43}/);
    expect(body).toContain('Content-Type: text/html');
    const audits = await t.database.query<{ action: string; after: Record<string, unknown> }>(
      `select action, after from audit_log where entity = 'email' and entity_id = $1`,
      [String(row.id)],
    );
    expect(audits.rows).toEqual([{ action: 'mail-sent', after: expect.objectContaining({ template: 'password-reset', language: 'fr' }) }]);
    expect(JSON.stringify(audits.rows)).not.toContain('token');
  });

  it('the SMTP server stops in the middle of a send: the message is delivered after it comes back, exactly once, and its link works', async () => {
    // The first message the server sees is cut off mid-send; the server is down until the test restarts it.
    const first = smtp.received.length;
    const dropAt = smtp.seen;
    smtp.behaviour = (n) => (n === dropAt ? 'drop' : 'accept');
    const res = await api(t.app).post(REQUEST, { user: 'dealer' });
    expect(res.status).toBe(200);
    const failed = await until('a failed attempt', async () => (await rowsTo('dealer@example.com')).find((r) => r.attempts >= 1));
    expect(failed.state).toBe('queued');
    expect(failed.lastError).toBeTruthy();
    expect(smtp.received.length).toBe(first);
    // The unsent link's token was removed with the failed attempt.
    const dealerId = (await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'dealer')))[0]!.id;
    expect(await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, dealerId))).toHaveLength(0);

    await smtp.start();
    const sent = await until('delivery after the restart', async () =>
      (await rowsTo('dealer@example.com')).find((r) => r.state === 'sent'),
    );
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
    // Exactly once: a few more seconds (beyond the next retry delays) bring no second copy.
    await new Promise((r) => setTimeout(r, 5_000));
    const delivered = receivedBy('dealer@example.com');
    expect(delivered).toHaveLength(1);
    const tokens = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, dealerId));
    expect(tokens).toHaveLength(1);
    const token = /\/ui\/password\/update\?token=([A-Za-z0-9_-]+)/.exec(decoded(delivered[0]!.data))![1]!;
    const check = await api(t.app).get(`/fc-common-api/users/check_password_request/${token}`);
    expect(check.status).toBe(200);
  }, 120_000);

  it('retries exhausted: the message fails for good and corporate administrators see it in the audit log', async () => {
    smtp.behaviour = () => 'reject';
    const res = await api(t.app).post('/fc-common-api/users/create_account_request', {
      full_name: 'Failing Mailbox',
      job_title: 'Owner',
      phone: '(630) 555-0100',
      email: 'owner@example.com',
      account_number: '12345',
      company_name: 'Unreachable Co',
      address: '1 Main St',
      city: 'Lisle',
      state: 'IL',
      zip: '60532',
    });
    expect(res.status).toBe(200);
    const row = await until(
      'the final failure',
      async () => (await rowsTo(t.config.SUPPORT_MAILBOX)).find((r) => r.state === 'failed'),
      90,
    );
    // The first attempt and MAIL_RETRY_LIMIT (2) retries.
    expect(row.attempts).toBe(3);
    expect(row.lastError).toMatch(/EENVELOPE/);
    smtp.behaviour = () => 'accept';

    const admin = api(t.app, await loginAs(t.app, 'admin', 'corp'));
    const list = await admin.get('/fc-common-api/audit', { 'filter[entity]': 'email', 'filter[sort]': 'at|desc' });
    expect(list.status).toBe(200);
    const failure = (list.body.data as { id: string; attributes: Record<string, unknown> }[]).find(
      (r) => r.attributes.action === 'mail-failed' && r.attributes['entity-id'] === String(row.id),
    );
    expect(failure?.attributes.after).toMatchObject({ template: 'account-request', to: t.config.SUPPORT_MAILBOX, attempts: 3 });
    expect(receivedBy(t.config.SUPPORT_MAILBOX)).toHaveLength(0);
  }, 120_000);
});
