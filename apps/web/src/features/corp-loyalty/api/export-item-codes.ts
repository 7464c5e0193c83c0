import { isoDay, itemCodeEndpoints, itemCodesCsvFileName } from '@fc/contract/loyalty';
import { callDownload } from '@/lib/endpoint-client';

/** The item-code export of a bundle with the table's search and sort; true when saved. */
export async function exportItemCodes(bundleSeq: number, bundleName: string, params: { search?: string; sort?: string }): Promise<boolean> {
  const query: Record<string, string | undefined> = {
    'filter[search]': params.search || undefined,
    'filter[sort]': params.sort || undefined,
  };
  try {
    await callDownload(itemCodeEndpoints.csv, itemCodesCsvFileName(bundleName, isoDay()), { params: { bundle: bundleSeq }, query });
    return true;
  } catch {
    return false;
  }
}
