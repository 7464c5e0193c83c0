import { queryOptions, useQuery } from '@tanstack/react-query';
import { camelCase, type CamelDeep } from '@fc/contract';
import { purchasingRequirementsEndpoints, type PurchasingRequirementsResponse } from '@fc/contract/customers';
import { call } from '@/lib/endpoint-client';
import { purchasingRequirementKeys } from './query-keys';

/** The nested objects of this answer keep kebab-case keys on the wire (cust-no, address-1); camelCase them. */
function camelDeep<T>(value: T): CamelDeep<T> {
  if (Array.isArray(value)) return value.map(camelDeep) as CamelDeep<T>;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [camelCase(k), camelDeep(v)])) as CamelDeep<T>;
  return value as CamelDeep<T>;
}

/** The signed-in customer's own purchase requirements: the first element. */
export async function getPurchasingRequirements(): Promise<PurchasingRequirementsResponse> {
  const res = await call(purchasingRequirementsEndpoints.get);
  const first = res.data[0];
  return {
    // The server answers 404 rather than an empty list, so the first element is there.
    custDetails: camelDeep(first?.custDetails) as PurchasingRequirementsResponse['custDetails'],
    cardOptions: camelDeep(first?.cardOptions ?? []),
    columnInfo: camelDeep(first?.columnInfo ?? []),
  };
}

export const purchasingRequirementsQuery = queryOptions({ queryKey: purchasingRequirementKeys.all, queryFn: getPurchasingRequirements });

export function usePurchasingRequirements() {
  return useQuery(purchasingRequirementsQuery);
}
