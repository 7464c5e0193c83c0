import { download } from '@/lib/api-client';

/** GET /fc-common-api/mpp/download?data_seq=: the result CSV of a processed price file. */
export function downloadPriceFile(sequence: number, fileName: string) {
  const base = fileName.replace(/\.csv$/i, '');
  return download('/fc-common-api/mpp/download', `${base}-result.csv`, { query: { data_seq: sequence } });
}
