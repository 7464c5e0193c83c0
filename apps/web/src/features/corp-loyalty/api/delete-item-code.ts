import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemCodeEndpoints } from '@fc/contract/loyalty';
import { call } from '@/lib/endpoint-client';
import { corpLoyaltyKeys } from './query-keys';

/** Removes an item code from a bundle. */
export function deleteItemCode({ bundleSeq, itemCode }: { bundleSeq: number; itemCode: string }) {
  return call(itemCodeEndpoints.delete, { params: { bundle: bundleSeq, code: itemCode } });
}

export function useDeleteItemCode() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteItemCode, onSuccess: () => qc.invalidateQueries({ queryKey: corpLoyaltyKeys.all }) });
}
