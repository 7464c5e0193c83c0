import { upload } from '@/lib/api-client';

export interface CoreUploadAnswer {
  status: string;
  jobId: string | null;
  sequence: number;
}

/** POST /fc-common-api/parts/core-management (multipart: file and type; 0 Coreless, 1 Price Verify), with progress. */
export async function uploadCoreFile(
  file: File,
  type: 0 | 1,
  onProgress?: (fraction: number) => void,
): Promise<CoreUploadAnswer | undefined> {
  const form = new FormData();
  form.append('type', String(type));
  form.append('file', file, file.name);
  const res = await upload<Omit<CoreUploadAnswer, 'id'>>('/fc-common-api/parts/core-management', form, onProgress);
  return res.data[0];
}
