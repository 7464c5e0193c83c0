import type { AttributesOf } from '@fc/contract';
import { priceFileEndpoints } from '@fc/contract/files';
import type { Flat } from '@/lib/api-client';
import { call } from '@/lib/endpoint-client';

export type JobStatus = Flat<AttributesOf<typeof priceFileEndpoints.status>>;

/**
 * A price file's job: the first element of data, whose osReturnCode is null while the job runs. The price
 * report polls it every second (FILE-05) through useFileJob.
 */
export async function getJobStatus(jobId: string): Promise<JobStatus | undefined> {
  const res = await call(priceFileEndpoints.status, { query: { job_id: jobId } });
  return res.data[0];
}
