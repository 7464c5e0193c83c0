import type { FileMessage } from '@fc/contract/files';
import { api } from '@/lib/api-client';

export interface CoreUploadStatus {
  state: string;
  osReturnCode: number | null;
  unitStatus: number | null;
  /** The outcome in English, for other API clients; the page shows messageCode with messageValues. */
  message: string | null;
  messageCode: string | null;
  messageValues: FileMessage['values'] | null;
  rowsDone: number;
  rowsTotal: number | null;
  hasReport: boolean;
  fileName: string;
}

/** GET /fc-common-api/parts/core-management/status?job_id=: the processing state of an upload, polled every second by useFileJob. */
export async function getCoreUploadStatus(jobId: string): Promise<CoreUploadStatus | undefined> {
  const res = await api<CoreUploadStatus>('/fc-common-api/parts/core-management/status', { query: { job_id: jobId } });
  return res.data[0];
}

export const coreReportUrl = (jobId: string) => `/fc-common-api/parts/core-management/report?job_id=${encodeURIComponent(jobId)}`;
