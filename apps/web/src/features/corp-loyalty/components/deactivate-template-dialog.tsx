import { CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toMmddyyyy } from '@fc/contract';
import type { TemplateRow } from '@fc/contract/loyalty';
import { useToast } from '@/components/toast';
import { useDeactivateTemplate } from '../api/deactivate-template';
import { useTemplate } from '../api/get-template';
import { ConfirmDialog } from '@/components/confirm-dialog';

/**
 * Deactivate a template (section 4): states how many customers are still enrolled and that the programme
 * runs until the latest of their expiration dates.
 */
export function DeactivateTemplateDialog({ row, onClose }: { row: TemplateRow | null; onClose(): void }) {
  const { t } = useTranslation('corp-loyalty');
  const toast = useToast();
  const details = useTemplate(row?.loyaltyProgramSeq);
  const deactivate = useDeactivateTemplate();
  const d = details.data;
  const text = !row
    ? ''
    : !d
      ? t('template.deactivate-loading')
      : d.activeEnrollees > 0 && d.latestEndDate
        ? t('template.deactivate-running', { name: row.loyaltyProgramName, count: d.activeEnrollees, date: toMmddyyyy(d.latestEndDate) })
        : t('template.deactivate-idle', { name: row.loyaltyProgramName });
  return (
    <ConfirmDialog
      open={!!row}
      title={t('template.deactivate-title')}
      text={text}
      confirmLabel={t('template.deactivate')}
      cancelLabel={t('actions.cancel')}
      onClose={onClose}
      onConfirm={async () => {
        try {
          await deactivate.mutateAsync(row!.loyaltyProgramSeq);
          toast.success(t('toasts.template-deactivated'));
          onClose();
        } catch {
          toast.error(t('toasts.template-deactivate-failed'));
        }
      }}
    >
      {row && details.isFetching && !d ? <CircularProgress size={20} aria-label={t('loading')} /> : null}
    </ConfirmDialog>
  );
}
