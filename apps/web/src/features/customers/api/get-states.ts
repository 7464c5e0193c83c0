import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StateOption } from '@fc/contract/customers';
import { api } from '@/lib/api-client';

/** GET /fc-common-api/address/states: the states of the request form's type-ahead, with their country. */
export async function getStates(): Promise<StateOption[]> {
  const res = await api<StateOption>('/fc-common-api/address/states');
  return res.data.map(({ value, label, country }) => ({ value, label, country }));
}

export const statesQuery = queryOptions({ queryKey: ['address-states'], queryFn: getStates, staleTime: Infinity });

export function useStates() {
  return useQuery(statesQuery);
}
