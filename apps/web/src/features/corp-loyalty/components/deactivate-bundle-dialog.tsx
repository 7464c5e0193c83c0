import { useState } from 'react';
import { List, ListItem, ListItemText, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { BUNDLE_TEXT_MAX, bundleDeactivateFormSchema, type BundleRow } from '@fc/contract/loyalty';
import { useToast } from '@/components/toast';
import { useDeactivateBundle } from '../api/deactivate-bundle';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useLoyaltyText } from './use-loyalty-text';

/** Delete (deactivate) a bundle: lists the templates that use it and takes an optional comment (section 4). */
export function DeactivateBundleDialog({
  row,
  onClose,
}: {
  row: (Pick<BundleRow, 'bundleId' | 'bundleName' | 'usedInTemplates'> & Partial<Pick<BundleRow, 'usedInTemplateNames'>>) | null;
  onClose(): void;
}) {
  const { t } = useTranslation('corp-loyalty');
  const text = useLoyaltyText();
  const toast = useToast();
  const deactivate = useDeactivateBundle();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [forRow, setForRow] = useState(row);
  // Another bundle: start with an empty comment.
  if (forRow !== row) {
    setForRow(row);
    setComment('');
    setError(undefined);
  }
  // The names one by one when the list sends them (a name may hold a comma), else the comma list split.
  const templates =
    row?.usedInTemplateNames ??
    (row?.usedInTemplates ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return (
    <ConfirmDialog
      open={!!row}
      title={t('bundle.deactivate-title')}
      text={row ? t('bundle.deactivate-text', { name: row.bundleName }) : ''}
      confirmLabel={t('bundle.deactivate')}
      cancelLabel={t('actions.cancel')}
      onClose={onClose}
      onConfirm={async () => {
        const parsed = bundleDeactivateFormSchema.safeParse({ comment });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message);
          return;
        }
        try {
          await deactivate.mutateAsync({ bundleSeq: row!.bundleId, comment: parsed.data.comment });
          toast.success(t('toasts.bundle-deactivated'));
          onClose();
        } catch {
          toast.error(t('toasts.bundle-deactivate-failed'));
        }
      }}
    >
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {t('bundle.used-in')}
      </Typography>
      {templates.length ? (
        <List dense aria-label={t('bundle.used-in')}>
          {templates.map((name) => (
            <ListItem key={name} disableGutters>
              <ListItemText primary={name} />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('bundle.used-in-none')}
        </Typography>
      )}
      <TextField
        label={t('bundle.deactivate-comment')}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        multiline
        minRows={2}
        fullWidth
        error={!!error}
        helperText={error ? text(error, t('bundle.deactivate-comment')) : t('max-chars', { max: BUNDLE_TEXT_MAX })}
        slotProps={{ htmlInput: { maxLength: BUNDLE_TEXT_MAX } }}
        sx={{ mt: 1 }}
      />
    </ConfirmDialog>
  );
}
