import { describe, expect, it } from 'vitest';
import { CREATE_QUEUE_ATTEMPTS, createQueueRetried, type JobDefinition } from '../src/jobs/registry';

const job = { name: 'price-file', handle: async () => {} } as unknown as JobDefinition;
const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
const noPause = async () => {};

/** A pg-boss whose createQueue fails with the given errors first, then succeeds. */
function bossFailing(...errors: Error[]) {
  const calls: string[] = [];
  return {
    calls,
    createQueue: async (name: string) => {
      calls.push(name);
      const err = errors.shift();
      if (err) throw err;
    },
  };
}

describe('createQueueRetried: a queue created while another process starts', () => {
  it('creates it again when PostgreSQL rolled the creation back to break a deadlock', async () => {
    const boss = bossFailing(deadlock, deadlock);
    await createQueueRetried(boss as never, job, noPause);
    expect(boss.calls).toEqual(['price-file', 'price-file', 'price-file']);
  });

  it('gives up after CREATE_QUEUE_ATTEMPTS deadlocks, and never retries another error', async () => {
    const always = bossFailing(...Array.from({ length: CREATE_QUEUE_ATTEMPTS }, () => deadlock));
    await expect(createQueueRetried(always as never, job, noPause)).rejects.toThrow('deadlock detected');
    expect(always.calls).toHaveLength(CREATE_QUEUE_ATTEMPTS);
    const other = bossFailing(Object.assign(new Error('permission denied'), { code: '42501' }));
    await expect(createQueueRetried(other as never, job, noPause)).rejects.toThrow('permission denied');
    expect(other.calls).toHaveLength(1);
  });
});
