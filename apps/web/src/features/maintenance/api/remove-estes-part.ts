import { useMutation, useQueryClient } from '@tanstack/react-query';
import { partsEndpoints, type EstesMapping } from '@fc/contract/maintenance';
import { call } from '@/lib/endpoint-client';
import { estesPartKeys } from './query-keys';

/** Removes the mapping {part_no, custom_part_no}. */
export async function removeEstesPart(body: EstesMapping) {
  const res = await call(partsEndpoints.remove, { body });
  return res.data[0];
}

export function useRemoveEstesPart() {
  const client = useQueryClient();
  return useMutation({ mutationFn: removeEstesPart, onSuccess: () => client.invalidateQueries({ queryKey: estesPartKeys.all }) });
}
