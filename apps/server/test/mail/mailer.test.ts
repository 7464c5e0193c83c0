import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/mail/mailer';

/**
 * E-mail (issue 4): nodemailer over SMTP when SMTP_URL is set; without it, the log and DATA_DIR/outbox/.
 * The API tests use an in-memory mailer, so both real paths are checked here.
 */
let dir: string;
/** A message body as a reader sees it: quoted-printable soft breaks and escapes undone. */
const decoded = (eml: string) =>
  eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const log = pino({ level: 'silent' });
const mail = {
  to: 'casey@example.com',
  subject: 'Reset your password',
  text: 'Open http://localhost:3000/ui/password/update?token=abc to choose a new password.',
};

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fc-mailer-'));
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('mailer', () => {
  it('without SMTP_URL: writes each message as an .eml file to the outbox and logs it', async () => {
    const outboxDir = path.join(dir, 'outbox');
    const lines: string[] = [];
    const logged = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const mailer = createMailer({ from: 'Portal <no-reply@localhost>', outboxDir, log: logged });
    await mailer.send(mail);
    await mailer.send({ ...mail, to: 'dana@example.com' });

    const files = (await fs.readdir(outboxDir)).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(2);
    const texts = await Promise.all(files.map((f) => fs.readFile(path.join(outboxDir, f), 'utf8')));
    const first = texts.find((x) => x.includes('casey@example.com'))!;
    expect(first).toMatch(/^From: Portal <no-reply@localhost>$/m);
    expect(first).toMatch(/^Subject: Reset your password$/m);
    expect(decoded(first)).toContain('/ui/password/update?token=abc');
    expect(lines.some((l) => l.includes('outbox') && l.includes('casey@example.com'))).toBe(true);
  });

  it('with SMTP_URL: delivers through a real SMTP server', async () => {
    const received: { to: string[]; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.server.address() as AddressInfo;
      const outboxDir = path.join(dir, 'unused-outbox');
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Portal <no-reply@localhost>', outboxDir, log });
      await mailer.send(mail);
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual(['casey@example.com']);
      expect(received[0]!.data).toMatch(/^Subject: Reset your password/m);
      expect(decoded(received[0]!.data)).toContain('/ui/password/update?token=abc');
      await expect(fs.access(outboxDir)).rejects.toThrow();
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('an SMTP server that refuses the message makes send() fail (the caller logs it; nothing is lost silently)', async () => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(new Error('mailbox unavailable'));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.server.address() as AddressInfo;
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'no-reply@localhost', outboxDir: dir, log });
      await expect(mailer.send(mail)).rejects.toThrow();
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
