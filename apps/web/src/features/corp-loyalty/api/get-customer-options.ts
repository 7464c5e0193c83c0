import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listQueryParams } from '@fc/contract';
import { enrolmentEndpoints, type CustomerOption } from '@fc/contract/loyalty';
import { call } from '@/lib/endpoint-client';
import { customerOptionKeys } from './query-keys';

/** The customer options: active customers matching the text, sorted by label. */
export async function getCustomerOptions(search: string): Promise<CustomerOption[]> {
  const query = listQueryParams({ size: 50, sort: [{ field: 'label', direction: 'asc' }], search, filters: { status: 0 } });
  const res = await call(enrolmentEndpoints.customerOptions, { query });
  return res.data.map(({ label, value, currency, program, status }) => ({ label, value, currency, program, status }));
}

export const customerOptionsQuery = (search: string) =>
  queryOptions({
    queryKey: customerOptionKeys.list(search),
    queryFn: () => getCustomerOptions(search),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useCustomerOptions(search: string, enabled = true) {
  return useQuery({ ...customerOptionsQuery(search), enabled });
}
