import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The writes a page offers only to users holding their task (docs/permissions.md, decision 0300). */
export type GuardedWrite = 'transactions-file' | 'price-file-for-dealer' | 'customer-create' | 'account-request-review';

/**
 * Said in place of a write the signed-in user may not make (a view-only corporate user): which task it
 * needs, so the missing control is explained rather than just absent.
 */
export function WriteNeedsTask({ write }: { write: GuardedWrite }) {
  const { t } = useTranslation('common');
  return (
    <Alert severity="info" variant="outlined" data-testid={`needs-task-${write}`} sx={{ maxWidth: '75ch' }}>
      {t(`needs-task.${write}`)}
    </Alert>
  );
}
