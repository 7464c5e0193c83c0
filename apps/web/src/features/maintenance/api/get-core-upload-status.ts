import type { AttributesOf } from '@fc/contract';
import { coreEndpoints } from '@fc/contract/maintenance';
import { call, callDownload } from '@/lib/endpoint-client';

export type CoreUploadStatus = AttributesOf<typeof coreEndpoints.status>;

/** The processing state of an upload, polled every second by useFileJob. */
export async function getCoreUploadStatus(jobId: string): Promise<CoreUploadStatus | undefined> {
  const res = await call(coreEndpoints.status, { query: { job_id: jobId } });
  return res.data[0];
}

/** The report of an upload's rejected rows, through the browser's own download. */
export const downloadCoreReport = (jobId: string, fileName: string) =>
  callDownload(coreEndpoints.report, fileName, { query: { job_id: jobId } });
