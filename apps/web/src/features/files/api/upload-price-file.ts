import type { ApiResponse } from '@/lib/api-client';

/** POST /fc-common-api/mpp/price (multipart, field file; corporate staff add merchant_no). */
export const PRICE_UPLOAD_PATH = '/fc-common-api/mpp/price';

export interface PriceUploadAnswer {
  jobId: string;
  sequence: number;
  status: number;
}

/** The answer's data.job_id (after the client's camelCasing). */
export function jobIdOf(res: ApiResponse<PriceUploadAnswer>): string | undefined {
  return res.data[0]?.jobId;
}
