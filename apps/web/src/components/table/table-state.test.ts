import { describe, expect, it } from 'vitest';
import { nextSort } from './table-state';

const desc = (field: string) => ({ field, direction: 'desc' as const });
const asc = (field: string) => ({ field, direction: 'asc' as const });

describe('nextSort: a click on a column header', () => {
  it('goes ascending, descending, then back to the default on a column the table is not sorted by', () => {
    const byDefault = [desc('at')];
    expect(nextSort(byDefault, 'actor', byDefault)).toEqual([asc('actor')]);
    expect(nextSort([asc('actor')], 'actor', byDefault)).toEqual([desc('actor')]);
    expect(nextSort([desc('actor')], 'actor', byDefault)).toEqual([]);
  });

  it('never steps to the order the rows are already in: the default column alternates from its first click', () => {
    // Audit's default is "at" descending: "none" would show the same rows, so the first click sorts ascending.
    const byDefault = [desc('at')];
    expect(nextSort(byDefault, 'at', byDefault)).toEqual([asc('at')]);
    expect(nextSort([asc('at')], 'at', byDefault)).toEqual([desc('at')]);
    expect(nextSort([desc('at')], 'at', byDefault)).toEqual([asc('at')]);
    // An ascending default: descending, then the default again.
    expect(nextSort([asc('name')], 'name', [asc('name')])).toEqual([desc('name')]);
    expect(nextSort([desc('name')], 'name', [asc('name')])).toEqual([]);
  });

  it("follows a column's own order, and a table without a default", () => {
    expect(nextSort([], 'due', [desc('at')], ['desc', 'asc'])).toEqual([desc('due')]);
    expect(nextSort([desc('due')], 'due', [desc('at')], ['desc', 'asc'])).toEqual([asc('due')]);
    expect(nextSort([asc('due')], 'due', [], ['desc', 'asc', null])).toEqual([]);
    expect(nextSort([desc('name')], 'name')).toEqual([]);
    expect(nextSort([], 'name')).toEqual([asc('name')]);
  });
});
