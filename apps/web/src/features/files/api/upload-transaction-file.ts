/** POST /fc-common-api/transactions/file (multipart, field file): the daily transaction file, corporate staff only. */
export const TRANSACTION_UPLOAD_PATH = '/fc-common-api/transactions/file';

export interface TransactionUploadAnswer {
  jobId: string;
  sequence: number;
}
