import { queryOptions, useQuery } from '@tanstack/react-query';
import { JOB_STATUS_POLL_MS, PriceFileStatus, type PriceFileItem } from '@fc/contract/files';
import { api } from '@/lib/api-client';

/** GET /fc-common-api/mpp/index: the price files of this dealer (every dealer's for corporate staff), newest first. */
export async function getPriceFiles() {
  const res = await api<PriceFileItem>('/fc-common-api/mpp/index');
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
    queryKey: ['price-files'],
    queryFn: getPriceFiles,
    staleTime: 0,
    refetchInterval: (q) => (followInProgress && q.state.status !== 'error' && inProgress(q.state.data) ? JOB_STATUS_POLL_MS : false),
  });

export const PRICE_FILES_KEY = priceFilesQuery().queryKey;

export function usePriceFiles(followInProgress = false) {
  return useQuery(priceFilesQuery(followInProgress));
}
