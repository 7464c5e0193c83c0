import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../src/db/client';
import { hashPassword } from '../../src/modules/auth/passwords';
import { upsertUser, type UserInput } from '../../src/modules/auth/repo';
import { createTestApp, type TestApp, type TestContextOptions } from './app';
import { loginAs, seedUsers } from './http';

/**
 * The test file's app: made before its tests (with the demo users of src/seed/core.ts unless `demoUsers`
 * is false) and closed after them. Its fields are read once the tests run; reading one while the file is
 * still being collected throws, since the app does not exist yet.
 */
export function fileApp(options: TestContextOptions & { demoUsers?: boolean } = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    const t = await createTestApp(options);
    try {
      if (options.demoUsers !== false) await seedUsers(t.ctx);
    } catch (err) {
      await t.close().catch(() => {});
      throw err;
    }
    current = t;
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as TestApp, {
    get(_, key) {
      if (!current) throw new Error(`the test app is made in beforeAll: read ${String(key)} inside a hook or a test`);
      return current[key as keyof TestApp];
    },
  });
}

/** Signs each of `usernames` in (as loginAs does), at once; their session cookies in the same order. */
export function signInAll(app: FastifyInstance, usernames: readonly string[]): Promise<string[]> {
  return Promise.all(usernames.map((username) => loginAs(app, username)));
}

/** The password of the users made by `customerUser`. */
export const CUSTOMER_USER_PASSWORD = 'Right2026';

/**
 * A customer user of customer 10001 with no task, its e-mail `<username>@example.com` and its password
 * CUSTOMER_USER_PASSWORD; `extra` sets any other field (fullName, language, mfa...).
 */
export async function customerUser(db: Tx, username: string, extra: Partial<UserInput> = {}) {
  return upsertUser(db, {
    username,
    fullName: username,
    email: `${username}@example.com`,
    passwordHash: await hashPassword(CUSTOMER_USER_PASSWORD),
    accountType: 2,
    grantedTasks: [],
    custNo: 10001,
    ...extra,
  });
}
