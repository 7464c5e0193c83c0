import { useMutation, useQueryClient } from '@tanstack/react-query';
import { partsEndpoints, type EstesMapping } from '@fc/contract/maintenance';
import { call } from '@/lib/endpoint-client';
import { estesPartKeys } from './query-keys';

/** Maps a part number to a custom part number {part_no, custom_part_no}. */
export async function createEstesPart(body: EstesMapping) {
  const res = await call(partsEndpoints.create, { body });
  return res.data[0];
}

export function useCreateEstesPart() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createEstesPart, onSuccess: () => client.invalidateQueries({ queryKey: estesPartKeys.all }) });
}
