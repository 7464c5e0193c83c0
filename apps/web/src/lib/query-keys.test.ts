import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { queryKeysFactory } from './query-keys';

describe('queryKeysFactory', () => {
  const keys = queryKeysFactory('customers');

  it('builds each key on its prefix', () => {
    expect(keys.all).toEqual(['customers']);
    expect(keys.lists()).toEqual(['customers', 'list']);
    expect(keys.list('page[number]=2')).toEqual(['customers', 'list', { query: 'page[number]=2' }]);
    expect(keys.details()).toEqual(['customers', 'detail']);
    expect(keys.detail('10001')).toEqual(['customers', 'detail', '10001', { query: undefined }]);
    expect(keys.detail('4', { type: 'core' })).toEqual(['customers', 'detail', '4', { query: { type: 'core' } }]);
    expect(queryKeysFactory('corp-loyalty', 'bundles').lists()).toEqual(['corp-loyalty', 'bundles', 'list']);
  });

  it('invalidates by prefix: the lists without the records, or the whole resource', async () => {
    const client = new QueryClient();
    client.setQueryData(keys.list('a'), 1);
    client.setQueryData(keys.detail('1'), 2);
    client.setQueryData(queryKeysFactory('customer-options').list('x'), 3);
    await client.invalidateQueries({ queryKey: keys.lists() });
    const stale = () =>
      client
        .getQueryCache()
        .findAll({ stale: true })
        .map((q) => q.queryKey);
    expect(stale()).toEqual([keys.list('a')]);
    await client.invalidateQueries({ queryKey: keys.all });
    expect(stale()).toEqual([keys.list('a'), keys.detail('1')]);
  });
});
