import type { AttributesOf } from '@fc/contract';
import { itemCodeEndpoints } from '@fc/contract/loyalty';
import { callUpload } from '@/lib/endpoint-client';

/**
 * The item-code import's upload for useFileJob: one file in the multipart field `file`. The answer is final
 * (the unit has run, decision 0820): data[0].status 'success', or a 400 listing the rows.
 */
export const uploadItemCodes = (bundleSeq: number) => (form: FormData, onProgress: (fraction: number) => void) =>
  callUpload(itemCodeEndpoints.importCsv, form, { params: { bundle: bundleSeq }, onProgress });

export type ItemCodeImportAnswer = AttributesOf<typeof itemCodeEndpoints.importCsv>;
