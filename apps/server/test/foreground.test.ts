import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_SHARE, filePacer, Foreground } from '../src/jobs/foreground';
import { createTestApp, type TestApp } from './helpers/app';
import { api, loginAs, seedUsers } from './helpers/http';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A pacer's wait after about `work` ms of work, and the work it saw (a busy machine may stretch it). */
async function waitAfter(foreground: Foreground, work: number) {
  const from = performance.now();
  const pace = foreground.pacer();
  while (performance.now() < from + work);
  const started = performance.now();
  await pace();
  return { waited: performance.now() - started, worked: started - from };
}

describe('background jobs pace themselves around requests (jobs/foreground.ts)', () => {
  it('a job does not wait while no request is served', async () => {
    expect((await waitAfter(new Foreground(), 40)).waited).toBeLessThan(20);
  });

  it('while a request is served, a job that worked t ms waits t × (1 / BACKGROUND_SHARE − 1)', async () => {
    const foreground = new Foreground();
    const end = foreground.started();
    const { waited, worked } = await waitAfter(foreground, 40);
    const expected = Math.min(1000, (worked * (1 - BACKGROUND_SHARE)) / BACKGROUND_SHARE);
    expect(waited).toBeGreaterThanOrEqual(expected - 5);
    expect(waited).toBeLessThan(expected + 250);
    end();
    // A request that has just ended still counts; a moment later the job runs free again.
    expect(foreground.busy()).toBe(true);
    await wait(150);
    expect(foreground.busy()).toBe(false);
  });

  it('a file job paces itself around the process requests, on either database; without a Foreground it runs free', async () => {
    const foreground = new Foreground();
    foreground.started();
    const timed = async (pace: () => Promise<void>) => {
      const from = performance.now();
      while (performance.now() < from + 20);
      const started = performance.now();
      await pace();
      return performance.now() - started;
    };
    const after20 = (20 * (1 - BACKGROUND_SHARE)) / BACKGROUND_SHARE;
    expect(await timed(filePacer({ foreground }))).toBeGreaterThanOrEqual(after20 - 5);
    expect(await timed(filePacer({}))).toBeLessThan(20);
    expect(filePacer({ foreground }).busy()).toBe(true);
    expect(filePacer({}).busy()).toBe(false);
  });

  it('an answer counted twice (answered, then closed) ends the request once', () => {
    const foreground = new Foreground();
    const first = foreground.started();
    const second = foreground.started();
    first();
    first();
    expect(foreground.busy(performance.now() + 1000)).toBe(true);
    second();
    expect(foreground.busy(performance.now() + 1000)).toBe(false);
  });
});

describe('which requests count', () => {
  let t: TestApp;
  let dealer: string;
  beforeAll(async () => {
    t = await createTestApp();
    await seedUsers(t.ctx);
    dealer = await loginAs(t.app, 'dealer');
  });
  afterAll(async () => {
    await t?.close();
  });

  const quietAfter = async (request: () => Promise<unknown>) => {
    await wait(150);
    expect(t.ctx.foreground!.busy()).toBe(false);
    await request();
    return !t.ctx.foreground!.busy();
  };

  it('a page of the portal does; a job status poll and the health probes do not', async () => {
    expect(await quietAfter(() => api(t.app, dealer).get('/fc-common-api/mpp/index'))).toBe(false);
    expect(await quietAfter(() => api(t.app, dealer).get('/fc-common-api/mpp/status', { job_id: crypto.randomUUID() }))).toBe(true);
    expect(await quietAfter(() => t.app.inject({ method: 'GET', url: '/healthz' }))).toBe(true);
    expect(await quietAfter(() => t.app.inject({ method: 'GET', url: '/readyz' }))).toBe(true);
  });
});
