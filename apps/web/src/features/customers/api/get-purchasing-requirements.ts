import { queryOptions, useQuery } from '@tanstack/react-query';
import { camelCase } from '@fc/contract';
import type { PurchasingRequirementsResponse } from '@fc/contract/customers';
import { api } from '@/lib/api-client';

/** The nested objects of this answer keep kebab-case keys on the wire (cust-no, address-1); camelCase them. */
function camelDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelDeep);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [camelCase(k), camelDeep(v)]));
  return value;
}

/** GET /fc-common-api/cards/cust/purchasing_requirements: the signed-in customer's own, first element. */
export async function getPurchasingRequirements(): Promise<PurchasingRequirementsResponse> {
  const res = await api<Record<string, unknown>>('/fc-common-api/cards/cust/purchasing_requirements');
  const first = res.data[0] ?? {};
  return {
    custDetails: camelDeep(first.custDetails) as PurchasingRequirementsResponse['custDetails'],
    cardOptions: (camelDeep(first.cardOptions) ?? []) as PurchasingRequirementsResponse['cardOptions'],
    columnInfo: (camelDeep(first.columnInfo) ?? []) as PurchasingRequirementsResponse['columnInfo'],
  };
}

export const purchasingRequirementsQuery = queryOptions({ queryKey: ['purchasing-requirements'], queryFn: getPurchasingRequirements });

export function usePurchasingRequirements() {
  return useQuery(purchasingRequirementsQuery);
}
