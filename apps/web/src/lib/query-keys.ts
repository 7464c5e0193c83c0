/**
 * The react-query keys of one resource (after medusa's `queryKeysFactory`): every key of the resource starts
 * with `all`, a list's with `lists()`, a record's with `details()`, so that a write invalidates exactly a
 * prefix (`invalidateQueries({ queryKey: customerKeys.all })`) and no feature spells a key by hand.
 * `scope` is the resource's name, or a feature's name and the resource's (`'corp-loyalty', 'bundles'`) so
 * that the feature's prefix covers them all.
 */
export function queryKeysFactory<const S extends readonly [string, ...string[]]>(...scope: S) {
  const all = scope;
  const lists = () => [...all, 'list'] as const;
  const details = () => [...all, 'detail'] as const;
  return {
    all,
    lists,
    /** A list with its query (a table's URL query string, or the filters of an option list). */
    list: <Q = undefined>(query?: Q) => [...lists(), { query }] as const,
    details,
    /** A record by its id (and, for a look-up by more than an id, the rest of its query). */
    detail: <I extends string | number | null, Q = undefined>(id: I, query?: Q) => [...details(), id, { query }] as const,
  };
}
