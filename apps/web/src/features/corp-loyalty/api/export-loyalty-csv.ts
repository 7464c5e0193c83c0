import { bundleEndpoints, enrolmentEndpoints, isoDay, loyaltyCsvFileName, templateEndpoints } from '@fc/contract/loyalty';
import { download } from '@/lib/api-client';

export type LoyaltyExportKind = 'customer' | 'program' | 'bundle';

const PATHS: Record<LoyaltyExportKind, string> = {
  customer: enrolmentEndpoints.csv.path,
  program: templateEndpoints.csv.path,
  bundle: bundleEndpoints.csv.path,
};
const FILE_KIND = { customer: 'customers', program: 'programs', bundle: 'bundles' } as const;

/**
 * The CSV export of a tab (custs_csv, programs_csv, bundle/csv) with the table's filter[search] and
 * filter[sort]; true when the file was saved.
 */
export async function exportLoyaltyCsv(kind: LoyaltyExportKind, params: { search?: string; sort?: string }): Promise<boolean> {
  const query: Record<string, string | undefined> = {
    'filter[search]': params.search || undefined,
    'filter[sort]': params.sort || undefined,
  };
  try {
    await download(PATHS[kind], loyaltyCsvFileName(FILE_KIND[kind], isoDay()), { query });
    return true;
  } catch {
    return false;
  }
}
