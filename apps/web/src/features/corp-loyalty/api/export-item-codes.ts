import { isoDay, itemCodesCsvFileName } from '@fc/contract/loyalty';
import { download } from '@/lib/api-client';

/** GET /fc-common-api/loyalty/bundles/{bundle}/item-codes/csv with search and sort; true when saved. */
export async function exportItemCodes(bundleSeq: number, bundleName: string, params: { search?: string; sort?: string }): Promise<boolean> {
  const query: Record<string, string | undefined> = {
    'filter[search]': params.search || undefined,
    'filter[sort]': params.sort || undefined,
  };
  try {
    await download(`/fc-common-api/loyalty/bundles/${bundleSeq}/item-codes/csv`, itemCodesCsvFileName(bundleName, isoDay()), { query });
    return true;
  } catch {
    return false;
  }
}
