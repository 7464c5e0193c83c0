import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '@/lib/api-client';

/** POST /fc-common-api/loyalty/bundles/{bundle}/item-codes/add/csv: one file in the multipart field `file`. */
export function importItemCodes({ bundleSeq, file }: { bundleSeq: number; file: File }) {
  const form = new FormData();
  form.append('file', file, file.name);
  return upload<{ status: string; added: number }>(`/fc-common-api/loyalty/bundles/${bundleSeq}/item-codes/add/csv`, form);
}

export function useImportItemCodes() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: importItemCodes, onSuccess: () => qc.invalidateQueries({ queryKey: ['corp-loyalty'] }) });
}
