import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemCodeEndpoints, type ItemCodeUpdateBody } from '@fc/contract/loyalty';
import { call } from '@/lib/endpoint-client';
import { corpLoyaltyKeys } from './query-keys';

/** Changes an item code of a bundle: its code, description and comment. */
export function updateItemCode({ bundleSeq, itemCodeSeq, body }: { bundleSeq: number; itemCodeSeq: number; body: ItemCodeUpdateBody }) {
  return call(itemCodeEndpoints.update, { params: { bundle: bundleSeq, itemCodeSeq }, body });
}

export function useUpdateItemCode() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateItemCode, onSuccess: () => qc.invalidateQueries({ queryKey: corpLoyaltyKeys.all }) });
}
