import { useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A yes/no confirmation (unenroll, delete an item code); the confirm button waits for the call. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  onClose,
  onConfirm,
  children,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onClose(): void;
  onConfirm(): Promise<void>;
  children?: ReactNode;
}) {
  const { t } = useTranslation('corp-loyalty');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="confirm-title" aria-describedby="confirm-text" fullWidth maxWidth="xs">
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-text">{text}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button
          variant="contained"
          color="error"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void onConfirm().finally(() => setBusy(false));
          }}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
