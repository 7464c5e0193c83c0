import { queryOptions, useQuery } from '@tanstack/react-query';
import { addressEndpoints, type StateOption } from '@fc/contract/customers';
import { call } from '@/lib/endpoint-client';
import { stateKeys } from './query-keys';

/** The states of the request form's type-ahead, with their country. */
export async function getStates(): Promise<StateOption[]> {
  const res = await call(addressEndpoints.states);
  return res.data.map(({ value, label, country }) => ({ value, label, country }));
}

export const statesQuery = queryOptions({ queryKey: stateKeys.all, queryFn: getStates, staleTime: Infinity });

export function useStates() {
  return useQuery(statesQuery);
}
