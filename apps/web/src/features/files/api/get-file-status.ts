import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FileStatusUnit, InboundKind, UnitStatus } from '@fc/contract/files';
import { api } from '@/lib/api-client';

/** A unit as sent (nested keys keep the specification's names). */
export interface FileStatusUnitRow {
  seq: number;
  name: string;
  kind: InboundKind;
  status: UnitStatus;
  /** English; the page shows the code translated (null for a module that writes no code). */
  'status-msg': string;
  'status-msg-code': FileStatusUnit['statusMsgCode'];
  'status-msg-values': FileStatusUnit['statusMsgValues'];
  'finished-at': string | null;
}
export interface FileStatusGroupRow {
  id: string;
  date: string;
  units: FileStatusUnitRow[];
}

/** GET /fc-common-api/file-status: processed files grouped by processing date, newest first. */
export async function getFileStatus(): Promise<FileStatusGroupRow[]> {
  const res = await api<Omit<FileStatusGroupRow, 'id'>>('/fc-common-api/file-status');
  return res.data;
}

export const fileStatusQuery = (pollMs: number | false = false) =>
  queryOptions({ queryKey: ['file-status'], queryFn: getFileStatus, staleTime: 0, refetchInterval: pollMs });

export function useFileStatus(pollMs: number | false = false) {
  return useQuery(fileStatusQuery(pollMs));
}
