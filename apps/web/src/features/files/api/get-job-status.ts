import { queryOptions, useQuery } from '@tanstack/react-query';
import { JOB_STATUS_POLL_MS, type JobStatus } from '@fc/contract/files';
import { api } from '@/lib/api-client';

/** GET /fc-common-api/mpp/status?job_id=: the first element of data, whose osReturnCode is null while the job runs. */
export async function getJobStatus(jobId: string): Promise<JobStatus | undefined> {
  const res = await api<JobStatus>('/fc-common-api/mpp/status', { query: { job_id: jobId } });
  return res.data[0];
}

/** The job ended (processed or failed as a whole): its osReturnCode is no longer null. */
export const jobEnded = (status: JobStatus | undefined) => status?.osReturnCode !== null && status?.osReturnCode !== undefined;

export const jobStatusQuery = (jobId: string | null) =>
  queryOptions({
    queryKey: ['price-job', jobId],
    queryFn: () => getJobStatus(jobId!),
    enabled: !!jobId,
    staleTime: 0,
    // Polled every second (FILE-05) until the job answers a non-null osReturnCode. A failed
    // call (after the client's retries) ends the polling: the page says so instead of asking forever.
    refetchInterval: (q) => (q.state.status === 'error' || jobEnded(q.state.data) ? false : JOB_STATUS_POLL_MS),
    refetchIntervalInBackground: true,
  });

export function useJobStatus(jobId: string | null) {
  return useQuery(jobStatusQuery(jobId));
}
