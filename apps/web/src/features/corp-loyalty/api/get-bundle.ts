import { queryOptions, useQuery } from '@tanstack/react-query';
import { bundleEndpoints } from '@fc/contract/loyalty';
import { call } from '@/lib/endpoint-client';
import { bundleKeys } from './query-keys';

/** One bundle by bundle_seq: bundleName, description, bundleSeq, status (0 Active). */
export async function getBundle(seq: number) {
  const res = await call(bundleEndpoints.details, { query: { bundle_seq: seq } });
  return res.data[0]!;
}

export const bundleQuery = (seq: number) => queryOptions({ queryKey: bundleKeys.detail(seq), queryFn: () => getBundle(seq), retry: false });

export function useBundle(seq: number | undefined) {
  return useQuery({ ...bundleQuery(seq ?? 0), enabled: !!seq });
}
