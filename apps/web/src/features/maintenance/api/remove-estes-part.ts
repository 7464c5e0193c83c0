import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EstesMapping } from '@fc/contract/maintenance';
import { api } from '@/lib/api-client';

/** POST /fc-common-api/parts/estes_remove {part_no, custom_part_no}. */
export async function removeEstesPart(body: EstesMapping) {
  const res = await api<{ status: string }>('/fc-common-api/parts/estes_remove', { method: 'POST', body });
  return res.data[0];
}

export function useRemoveEstesPart() {
  const client = useQueryClient();
  return useMutation({ mutationFn: removeEstesPart, onSuccess: () => client.invalidateQueries({ queryKey: ['estes-part'] }) });
}
