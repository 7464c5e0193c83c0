import { act, fireEvent } from '@testing-library/react';
import { useUrlPathAndSearch } from '@/lib/url-search';
import type { TableState } from '@/components/table/table-state';

/** A table's state: the first page of 25, sorted by name, no search or filter, unless `over` says otherwise. */
export const tableState = (over: Partial<TableState> = {}): TableState => ({
  page: 1,
  size: 25,
  sort: [{ field: 'name', direction: 'asc' }],
  search: '',
  filters: {},
  ...over,
});

/** The address's query string as the user sees it (a table's shallow changes included), for a test to read. */
export function SearchProbe() {
  return <output data-testid="search">{new URL(useUrlPathAndSearch(), 'http://localhost').search}</output>;
}

/** Clicks, then lets the table's URL update and re-render settle. */
export async function clickAndSettle(element: Element) {
  fireEvent.click(element);
  await act(() => new Promise((r) => setTimeout(r, 20)));
}
