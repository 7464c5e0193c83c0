import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttributesOf } from '@fc/contract';
import { JOB_STATUS_POLL_MS, PriceFileStatus, priceFileEndpoints } from '@fc/contract/files';
import type { Flat } from '@/lib/api-client';
import { call } from '@/lib/endpoint-client';
import { priceFileKeys } from './query-keys';

export type PriceFileItem = Flat<AttributesOf<typeof priceFileEndpoints.list>>;

/** The price files of this dealer (every dealer's for corporate staff), newest first. */
export async function getPriceFiles() {
  const res = await call(priceFileEndpoints.list);
  return res.data;
}

const inProgress = (rows: PriceFileItem[] | undefined) => !!rows?.some((r) => r.status === PriceFileStatus.InProgress);

/**
 * The list. With `followInProgress` it refetches every second while a row is in progress (26), so files
 * uploaded before a reload, or in another tab, still change state on screen; it stops when none is, or
 * on an error. A fresh upload is followed through its job status instead (FILE-05).
 */
export const priceFilesQuery = (followInProgress = false) =>
  queryOptions({
    queryKey: priceFileKeys.list(),
    queryFn: getPriceFiles,
    staleTime: 0,
    refetchInterval: (q) => (followInProgress && q.state.status !== 'error' && inProgress(q.state.data) ? JOB_STATUS_POLL_MS : false),
  });

export function usePriceFiles(followInProgress = false) {
  return useQuery(priceFilesQuery(followInProgress));
}
