/** POST /fc-common-api/parts/core-management (multipart: file and type; 0 Coreless, 1 Price Verify), sent by useFileJob. */
export const CORE_UPLOAD_PATH = '/fc-common-api/parts/core-management';

export interface CoreUploadAnswer {
  status: string;
  jobId: string | null;
  sequence: number;
}
