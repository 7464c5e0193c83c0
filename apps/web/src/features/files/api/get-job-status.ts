import type { JobStatus } from '@fc/contract/files';
import { api } from '@/lib/api-client';

/**
 * GET /fc-common-api/mpp/status?job_id=: the first element of data, whose osReturnCode is null while the job
 * runs. The price report polls it every second (FILE-05) through useFileJob.
 */
export async function getJobStatus(jobId: string): Promise<JobStatus | undefined> {
  const res = await api<JobStatus>('/fc-common-api/mpp/status', { query: { job_id: jobId } });
  return res.data[0];
}
