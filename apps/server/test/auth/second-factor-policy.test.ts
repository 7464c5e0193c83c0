import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MfaCode, SECOND_FACTOR_ENROL_PATH } from '@fc/contract';
import { encryptionKey, sealSecret } from '../../src/modules/auth/second-factor/crypto';
import { userSecondFactors } from '../../src/db/schema/index';
import { createTestApp, type TestApp } from '../helpers/app';
import { api } from '../helpers/http';
import { ageVerification, codeOf, enrol, makeUser, passwordStep, pathOf, signInWithCode } from './second-factor-support';

describe('MFA_POLICY=editors (the default): administrators and corporate editors must enrol', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MFA_POLICY: 'editors' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an editor without a factor is taken to enrolment and can do nothing else until it is done', async () => {
    await makeUser(t.db, 'pol-editor', { accountType: 0, tasks: [507] });
    const { res, session } = await passwordStep(t.app, 'pol-editor');
    expect(res.statusCode).toBe(303);
    expect(pathOf(res)).toBe(SECOND_FACTOR_ENROL_PATH);
    const client = api(t.app, session);
    const refused = await client.get('/fc-common-api/audit');
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe(MfaCode.EnrolmentRequired);
    expect((await client.post('/fc-common-api/parts/estes_remove', {})).body.errors?.[0]?.code).toBe(MfaCode.EnrolmentRequired);
    // The allowed list.
    const current = await client.get('/fc-common-api/users/current');
    expect(current.status).toBe(200);
    expect(current.body.data[0].attributes).toMatchObject({
      'second-factor': 'none',
      'second-factor-required': 'Y',
      'mfa-enrolment-required': 'Y',
    });
    for (const url of [
      '/fc-common-api/users/check',
      '/fc-common-api/session/timeout',
      '/fc-common-api/app-config',
      '/fc-common-api/users/second-factor',
    ])
      expect((await client.get(url)).status, url).toBe(200);
    expect((await client.post('/fc-common-api/session/ping')).status).toBe(200);

    const { secret } = await enrol(t.app, session!);
    expect((await client.get('/fc-common-api/audit')).status).toBe(200);
    expect((await client.get('/fc-common-api/users/current')).body.data[0].attributes['mfa-enrolment-required']).toBe('N');
    // From now on the sign-in asks for the code, and then opens the welcome page.
    const next = await passwordStep(t.app, 'pol-editor');
    expect(next.session).toBeUndefined();
    await signInWithCode(t.app, 'pol-editor', codeOf(secret, 1));
  });

  it('the administrator must enrol; view-only corporate users, dealers and customers need not', async () => {
    await makeUser(t.db, 'pol-admin', { accountType: 0, isAdmin: true });
    await makeUser(t.db, 'pol-viewer', { accountType: 0, tasks: [502, 505, 508] });
    await makeUser(t.db, 'pol-dealer', { accountType: 1, tasks: [504], merchantNo: 990002 });
    expect(pathOf((await passwordStep(t.app, 'pol-admin')).res)).toBe(SECOND_FACTOR_ENROL_PATH);
    expect(pathOf((await passwordStep(t.app, 'pol-viewer')).res)).toBe('/ui/corp/welcome');
    expect(pathOf((await passwordStep(t.app, 'pol-dealer', 'merc')).res)).toBe('/ui/merc/welcome');
  });
});

describe('MFA_POLICY=off: everything as before the second factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MFA_POLICY: 'off' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('no code step even for a user with a factor, no enrolment gate, no step-up', async () => {
    const admin = await makeUser(t.db, 'off-admin', { accountType: 0, isAdmin: true, tasks: [504, 506, 507, 509] });
    // A factor set up while the policy was on.
    await t.db.insert(userSecondFactors).values({
      userId: admin.id,
      secretEnc: sealSecret(encryptionKey(t.config), admin.id, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'),
      confirmedAt: new Date(),
    });
    const { res, session, challenge } = await passwordStep(t.app, 'off-admin');
    expect(pathOf(res)).toBe('/ui/corp/welcome');
    expect(challenge).toBeUndefined();
    const client = api(t.app, session);
    expect((await client.get('/fc-common-api/audit')).status).toBe(200);
    await ageVerification(t.db, session!, 24 * 60);
    expect((await client.post('/fc-common-api/transactions/file', {})).status).not.toBe(403);
    expect((await client.get('/fc-common-api/users/current')).body.data[0].attributes).toMatchObject({
      'second-factor': 'none',
      'second-factor-required': 'N',
      'mfa-enrolment-required': 'N',
    });
  });
});
