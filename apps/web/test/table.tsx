import { act, fireEvent } from '@testing-library/react';
import { useLocation } from 'react-router';
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

/** The address's query string, for a test to read what a table wrote into its URL state. */
export function SearchProbe() {
  return <output data-testid="search">{useLocation().search}</output>;
}

/** Clicks, then lets the table's URL update and re-render settle. */
export async function clickAndSettle(element: Element) {
  fireEvent.click(element);
  await act(() => new Promise((r) => setTimeout(r, 20)));
}
