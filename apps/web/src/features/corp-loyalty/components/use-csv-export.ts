import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toast';

/**
 * Runs a CSV export with the toasts (LOY-27): info 'your download will complete shortly',
 * then, on failure, 'unable to download CSV, please try again later'.
 */
export function useCsvExport() {
  const { t } = useTranslation('corp-loyalty');
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (exportFn: () => Promise<boolean>) => {
      toast.info(t('toasts.download-shortly'));
      setBusy(true);
      try {
        if (!(await exportFn())) toast.error(t('toasts.download-failed'));
      } finally {
        setBusy(false);
      }
    },
    [t, toast],
  );
  return { run, busy };
}
