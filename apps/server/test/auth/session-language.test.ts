import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema/index';
import { createTestApp, type TestApp } from '../helpers/app';
import { api, postLogin, sessionCookieOf } from '../helpers/http';
import { CUSTOMER_USER_PASSWORD, customerUser } from '../helpers/demo-app';

/**
 * The language picked on the login page is kept for the session it starts (issue 20, decision 0401): the
 * user's saved language no longer wins at sign-in. A change after signing in is saved as the user's
 * language and this session follows it; the next sign-in without a pick uses the saved language.
 */
let t: TestApp;
const RIGHT = CUSTOMER_USER_PASSWORD;

beforeAll(async () => {
  t = await createTestApp();
  for (const [username, language] of [
    ['saved-fr', 2],
    ['saved-es', 1],
    ['switcher', 2],
    ['profiler', 1],
  ] as const)
    await customerUser(t.db, username, { fullName: `Pat ${username}`, language });
});

afterAll(async () => {
  await t?.close();
});

async function signIn(username: string, LANGUAGE?: string) {
  const res = await postLogin(t.app, 'cust', { USERNAME: username, PASSWORD: RIGHT, ...(LANGUAGE === undefined ? {} : { LANGUAGE }) });
  expect(res.statusCode).toBe(303);
  expect(res.headers.location).toBe('/ui/cust/welcome');
  return api(t.app, sessionCookieOf(res));
}

const sessionLanguage = async (client: ReturnType<typeof api>) => {
  const res = await client.get('/fc-common-api/users/current');
  expect(res.status).toBe(200);
  return res.body.data[0].attributes.language as number;
};
const savedLanguage = async (username: string) =>
  (await t.db.select({ language: users.language }).from(users).where(eq(users.username, username)))[0]!.language;

describe('the language picked on the login page is kept for the session', () => {
  it('a pick wins over the saved language for that session, without changing the saved one', async () => {
    const spanish = await signIn('saved-fr', 'es');
    expect(await sessionLanguage(spanish)).toBe(1);
    expect(await savedLanguage('saved-fr')).toBe(2);
    // Every call of that session keeps it (a reload reads users/current again).
    expect(await sessionLanguage(spanish)).toBe(1);
    // English picked on the login page is a pick too.
    expect(await sessionLanguage(await signIn('saved-es', 'en-us'))).toBe(0);
  });

  it('without a pick (or with a code the portal does not have) the saved language applies', async () => {
    expect(await sessionLanguage(await signIn('saved-fr'))).toBe(2);
    expect(await sessionLanguage(await signIn('saved-fr', ''))).toBe(2);
    expect(await sessionLanguage(await signIn('saved-es', 'de'))).toBe(1);
    expect(await sessionLanguage(await signIn('saved-es', 'x'.repeat(10)))).toBe(1);
  });

  it('a pick does not leak to another session of the same user', async () => {
    await signIn('saved-es', 'fr');
    expect(await sessionLanguage(await signIn('saved-es'))).toBe(1);
  });

  it('a change after signing in is saved as the user language, and the session follows it', async () => {
    const client = await signIn('switcher', 'es');
    expect(await sessionLanguage(client)).toBe(1);
    const res = await client.post('/fc-common-api/users/language', { language: 0 });
    expect(res.status).toBe(200);
    expect(await savedLanguage('switcher')).toBe(0);
    expect(await sessionLanguage(client)).toBe(0);
    // The next sign-in without a pick uses it.
    expect(await sessionLanguage(await signIn('switcher'))).toBe(0);
  });

  it('the profile: a new saved language applies to the session; saving the same one keeps the pick', async () => {
    const client = await signIn('profiler', 'fr');
    const same = await client.post('/fc-common-api/users/profile', { email: 'profiler@example.com', language: 1 });
    expect(same.status).toBe(200);
    expect(await sessionLanguage(client)).toBe(2);
    const changed = await client.post('/fc-common-api/users/profile', { email: 'profiler@example.com', language: 0 });
    expect(changed.status).toBe(200);
    expect(await savedLanguage('profiler')).toBe(0);
    expect(await sessionLanguage(client)).toBe(0);
  });
});
