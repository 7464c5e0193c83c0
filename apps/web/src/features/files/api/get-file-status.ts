import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttributesOf } from '@fc/contract';
import { priceFileEndpoints } from '@fc/contract/files';
import type { Flat } from '@/lib/api-client';
import { call } from '@/lib/endpoint-client';
import { fileStatusKeys } from './query-keys';

/** A processing date and its units (nested keys keep the specification's names). */
export type FileStatusGroupRow = Flat<AttributesOf<typeof priceFileEndpoints.fileStatus>>;
export type FileStatusUnitRow = FileStatusGroupRow['units'][number];

/** Processed files grouped by processing date, newest first. */
export async function getFileStatus(): Promise<FileStatusGroupRow[]> {
  const res = await call(priceFileEndpoints.fileStatus);
  return res.data;
}

export const fileStatusQuery = (pollMs: number | false = false) =>
  queryOptions({ queryKey: fileStatusKeys.all, queryFn: getFileStatus, staleTime: 0, refetchInterval: pollMs });

export function useFileStatus(pollMs: number | false = false) {
  return useQuery(fileStatusQuery(pollMs));
}
