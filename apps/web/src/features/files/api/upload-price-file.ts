/** POST /fc-common-api/mpp/price (multipart, field file; corporate staff add merchant_no). */
export const PRICE_UPLOAD_PATH = '/fc-common-api/mpp/price';

/** The answer's data (after the client's camelCasing: data.job_id is jobId). */
export interface PriceUploadAnswer {
  jobId: string;
  sequence: number;
  status: number;
}
