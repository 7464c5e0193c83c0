import { priceFileEndpoints } from '@fc/contract/files';
import { callDownload } from '@/lib/endpoint-client';

/** The result CSV of a processed price file, by its sequence. */
export function downloadPriceFile(sequence: number, fileName: string) {
  const base = fileName.replace(/\.csv$/i, '');
  return callDownload(priceFileEndpoints.download, `${base}-result.csv`, { query: { data_seq: sequence } });
}
