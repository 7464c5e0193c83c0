import { queryOptions, useQuery } from '@tanstack/react-query';
import { camelCase } from '@fc/contract';
import { purchasingRequirementsEndpoints, type PurchasingRequirementsResponse } from '@fc/contract/customers';
import { call } from '@/lib/endpoint-client';
import { purchasingRequirementKeys } from './query-keys';

/** The nested objects of this answer keep kebab-case keys on the wire (cust-no, address-1); camelCase them. */
function camelDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelDeep);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [camelCase(k), camelDeep(v)]));
  return value;
}

/** The signed-in customer's own purchase requirements: the first element. */
export async function getPurchasingRequirements(): Promise<PurchasingRequirementsResponse> {
  const res = await call(purchasingRequirementsEndpoints.get);
  const first = res.data[0];
  return {
    custDetails: camelDeep(first?.custDetails) as PurchasingRequirementsResponse['custDetails'],
    cardOptions: (camelDeep(first?.cardOptions) ?? []) as PurchasingRequirementsResponse['cardOptions'],
    columnInfo: (camelDeep(first?.columnInfo) ?? []) as PurchasingRequirementsResponse['columnInfo'],
  };
}

export const purchasingRequirementsQuery = queryOptions({ queryKey: purchasingRequirementKeys.all, queryFn: getPurchasingRequirements });

export function usePurchasingRequirements() {
  return useQuery(purchasingRequirementsQuery);
}
