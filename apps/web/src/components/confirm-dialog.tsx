import { useId, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

/**
 * A yes/no confirmation (unenroll, delete an item code, remove a part mapping): the texts come translated
 * from the feature, so each keeps its own words. The confirm button waits for `onConfirm` when it returns a
 * promise. `focus` says which button takes the focus on opening (a destructive default stays on cancel).
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  onClose,
  onConfirm,
  color = 'error',
  focus,
  children,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  onClose(): void;
  onConfirm(): void | Promise<void>;
  color?: 'error' | 'primary';
  focus?: 'cancel' | 'confirm';
  children?: ReactNode;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} fullWidth maxWidth="xs">
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus={focus === 'cancel'}>
          {cancelLabel}
        </Button>
        <Button
          variant="contained"
          color={color}
          disabled={busy}
          autoFocus={focus === 'confirm'}
          onClick={() => {
            setBusy(true);
            void Promise.resolve(onConfirm()).finally(() => setBusy(false));
          }}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
