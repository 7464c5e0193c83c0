import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ItemCodeUpdateBody } from '@fc/contract/loyalty';
import { api } from '@/lib/api-client';

/** POST /fc-common-api/loyalty/bundles/{bundle}/item-codes/{itemCodeSeq}/update with the item code fields. */
export function updateItemCode({ bundleSeq, itemCodeSeq, body }: { bundleSeq: number; itemCodeSeq: number; body: ItemCodeUpdateBody }) {
  return api(`/fc-common-api/loyalty/bundles/${bundleSeq}/item-codes/${itemCodeSeq}/update`, { method: 'POST', body });
}

export function useUpdateItemCode() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateItemCode, onSuccess: () => qc.invalidateQueries({ queryKey: ['corp-loyalty'] }) });
}
