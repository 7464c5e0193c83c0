import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /fc-common-api/loyalty/bundles/{bundle}/item-codes/{code}/delete. */
export function deleteItemCode({ bundleSeq, itemCode }: { bundleSeq: number; itemCode: string }) {
  return api(`/fc-common-api/loyalty/bundles/${bundleSeq}/item-codes/${encodeURIComponent(itemCode)}/delete`, { method: 'POST', body: {} });
}

export function useDeleteItemCode() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteItemCode, onSuccess: () => qc.invalidateQueries({ queryKey: ['corp-loyalty'] }) });
}
