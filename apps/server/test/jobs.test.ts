import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobDefinition } from '../src/jobs/registry';
import { createTestContext, type TestContext } from './helpers/app';

/** The harness's `jobs: true`: pg-boss on the test file's own database, running the given workers. */
const handled: { data: unknown; userCount: number }[] = [];
const echo: JobDefinition<{ n: number }> = {
  name: 'test-echo',
  retryLimit: 0,
  async handle(ctx, data) {
    const { rows } = await ctx.database.query<{ n: number }>('select count(*)::int as n from users');
    handled.push({ data, userCount: rows[0]!.n });
  },
};

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ jobs: true, jobDefinitions: [echo as JobDefinition] });
});

afterAll(async () => {
  await t?.close();
});

describe('background jobs in tests', () => {
  it('runs a sent job on the test database', async () => {
    expect(t.ctx.boss).toBeDefined();
    await t.ctx.boss!.send('test-echo', { n: 7 });
    const deadline = Date.now() + 20_000;
    while (handled.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(handled).toEqual([{ data: { n: 7 }, userCount: 0 }]);
  });
});
