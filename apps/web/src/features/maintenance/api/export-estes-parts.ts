import { useMutation } from '@tanstack/react-query';
import { estesExportFileName } from '@fc/contract/maintenance';
import { download } from '@/lib/api-client';

/** GET /fc-common-api/parts/estes_list_csv, saved as EstesParts_{MMDDYYYY}.csv. */
export function exportEstesParts() {
  return download('/fc-common-api/parts/estes_list_csv', estesExportFileName());
}

export function useExportEstesParts() {
  return useMutation({ mutationFn: exportEstesParts });
}
