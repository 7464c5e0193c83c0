import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BundleDetails } from '@fc/contract/loyalty';
import { api } from '@/lib/api-client';

/** GET /fc-common-api/loyalty/bundle?bundle_seq=: bundleName, description, bundleSeq, status (0 Active). */
export async function getBundle(seq: number): Promise<BundleDetails> {
  const res = await api<BundleDetails>('/fc-common-api/loyalty/bundle', { query: { bundle_seq: seq } });
  return res.data[0]!;
}

export const bundleQuery = (seq: number) =>
  queryOptions({ queryKey: ['corp-loyalty', 'bundle', seq], queryFn: () => getBundle(seq), retry: false });

export function useBundle(seq: number | undefined) {
  return useQuery({ ...bundleQuery(seq ?? 0), enabled: !!seq });
}
