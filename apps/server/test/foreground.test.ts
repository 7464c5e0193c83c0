import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKGROUND_SHARE, filePacer, Foreground } from '../src/jobs/foreground';
import { createTestApp, type TestApp } from './helpers/app';
import { api, loginAs, seedUsers } from './helpers/http';

/**
 * A Foreground whose pacers wait on a timer that records each wait asked for. The tests assert the waits
 * asked for, not the time that passed: on a busy machine a timer may fire late by any amount.
 */
function recorded() {
  const waits: number[] = [];
  const foreground = new Foreground(async (ms) => {
    waits.push(ms);
  });
  return { foreground, waits };
}

/** Spins for about `ms` ms of work, then calls the pacer; returns the work it measured (at least `ms`). */
async function workThenPace(pace: () => Promise<void>, ms: number) {
  const from = performance.now();
  while (performance.now() < from + ms);
  const worked = performance.now() - from;
  await pace();
  return worked;
}

/** Whether a promise settles before the next turn of the event loop, i.e. without waiting on a timer. */
const settlesAtOnce = (p: Promise<unknown>) =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setImmediate(() => r(false)))]);

describe('background jobs pace themselves around requests (jobs/foreground.ts)', () => {
  it('a job does not wait while no request is served', async () => {
    const { foreground, waits } = recorded();
    const pace = foreground.pacer();
    await workThenPace(pace, 40);
    await workThenPace(pace, 10);
    expect(waits).toEqual([]);
  });

  it('while a request is served, a job that worked t ms waits t × (1 / BACKGROUND_SHARE − 1), at most 1 s', async () => {
    const { foreground, waits } = recorded();
    const end = foreground.started();
    const pace = foreground.pacer();
    const worked = await workThenPace(pace, 40);
    expect(waits).toHaveLength(1);
    // The pacer measures from its creation, a little before the work began: its figure is at least the work's.
    expect(waits[0]).toBeGreaterThanOrEqual((worked * (1 - BACKGROUND_SHARE)) / BACKGROUND_SHARE);
    expect(waits[0]).toBeLessThanOrEqual(1000);
    end();
    const ended = performance.now();
    // A request that has just ended still counts; a moment later the job runs free again.
    expect(foreground.busy(ended + 50)).toBe(true);
    expect(foreground.busy(ended + 150)).toBe(false);
  });

  it('a slow batch waits at most one second', async () => {
    const { foreground, waits } = recorded();
    foreground.started();
    const pace = foreground.pacer();
    await workThenPace(pace, 500);
    expect(waits).toEqual([1000]);
  });

  it('the real timer: a paced job does wait, at least the time asked for', async () => {
    const foreground = new Foreground();
    foreground.started();
    const pace = foreground.pacer();
    const from = performance.now();
    while (performance.now() < from + 20);
    const started = performance.now();
    await pace();
    expect(performance.now() - started).toBeGreaterThanOrEqual((20 * (1 - BACKGROUND_SHARE)) / BACKGROUND_SHARE - 5);
  });

  it('a file job paces itself around the process requests, on either database; without a Foreground it runs free', async () => {
    const { foreground, waits } = recorded();
    foreground.started();
    await workThenPace(filePacer({ foreground }), 20);
    expect(waits).toHaveLength(1);
    expect(filePacer({ foreground }).busy()).toBe(true);
    expect(await settlesAtOnce(filePacer({})())).toBe(true);
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

  /** Whether the request left the process quiet: it never marked itself as served. */
  const quietAfter = async (request: () => Promise<unknown>) => {
    const started = vi.spyOn(t.ctx.foreground!, 'started');
    try {
      await request();
      return started.mock.calls.length === 0;
    } finally {
      started.mockRestore();
    }
  };

  it('a page of the portal does; a job status poll and the health probes do not', async () => {
    expect(await quietAfter(() => api(t.app, dealer).get('/fc-common-api/mpp/index'))).toBe(false);
    expect(await quietAfter(() => api(t.app, dealer).get('/fc-common-api/mpp/status', { job_id: crypto.randomUUID() }))).toBe(true);
    expect(await quietAfter(() => t.app.inject({ method: 'GET', url: '/healthz' }))).toBe(true);
    expect(await quietAfter(() => t.app.inject({ method: 'GET', url: '/readyz' }))).toBe(true);
  });
});
