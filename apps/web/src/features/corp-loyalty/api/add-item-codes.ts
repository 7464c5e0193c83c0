import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemCodeEndpoints, type ItemCodesAddBody } from '@fc/contract/loyalty';
import { call } from '@/lib/endpoint-client';
import { corpLoyaltyKeys } from './query-keys';

/** Adds item codes (item_codes and comment) to a bundle. */
export function addItemCodes({ bundleSeq, body }: { bundleSeq: number; body: ItemCodesAddBody }) {
  return call(itemCodeEndpoints.add, { params: { id: bundleSeq }, body });
}

export function useAddItemCodes() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addItemCodes, onSuccess: () => qc.invalidateQueries({ queryKey: corpLoyaltyKeys.all }) });
}
