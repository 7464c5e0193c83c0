import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validAccountRequest as request } from '@fc/contract/testing';
import { createTestApp, type TestApp } from '../helpers/app';
import { api } from '../helpers/http';

/**
 * A statement that fails logs its text and SQLSTATE, never the values it bound: those are what a user typed
 * (here a company's name and contact), or a password's hash (http/log-redaction.ts, withoutStatementValues).
 */
describe('a failed statement in the log', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await createTestApp({ build: { loggerInstance: pino({ level: 'trace' }, stream) } });
    // A rule the service does not know of, so that the insert itself fails (as a broken migration would).
    await t.ctx.database.exec(`alter table account_requests add constraint no_needle check (company_name not like 'Needle%') not valid`);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the statement and its code, not the values the user sent', async () => {
    const company = 'Needle Freight 8841';
    const res = await api(t.app).post('/fc-common-api/users/create_account_request', { ...request, company_name: company });
    expect(res.status, res.text).toBe(500);
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    expect(log).toContain('insert into \\"account_requests\\"');
    expect(log).toContain('no_needle');
    expect(log).toContain('params: [redacted]');
    expect(log).not.toContain(company);
    expect(log).not.toContain(request.email);
  });
});
