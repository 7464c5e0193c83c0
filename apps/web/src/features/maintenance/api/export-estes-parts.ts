import { useMutation } from '@tanstack/react-query';
import { estesExportFileName, partsEndpoints } from '@fc/contract/maintenance';
import { callDownload } from '@/lib/endpoint-client';

/** Every mapping as CSV, saved as EstesParts_{MMDDYYYY}.csv. */
export function exportEstesParts() {
  return callDownload(partsEndpoints.csv, estesExportFileName());
}

export function useExportEstesParts() {
  return useMutation({ mutationFn: exportEstesParts });
}
