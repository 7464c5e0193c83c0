import { Button, DialogActions } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface FormDialogActionsProps {
  /** Closes the dialog without saving. */
  onCancel(): void;
  /** The submit button's text; none for a dialog that only shows (its Cancel then says Close). */
  submitLabel?: string;
  /** The write is under way (or the form not ready): the submit button is off. */
  busy?: boolean;
}

/** The buttons of a dialog holding a form: Cancel, and the form's submit button. */
export function FormDialogActions({ onCancel, submitLabel, busy }: FormDialogActionsProps) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      <Button onClick={onCancel}>{t(submitLabel ? 'actions.cancel' : 'actions.close')}</Button>
      {submitLabel && (
        <Button type="submit" variant="contained" disabled={busy}>
          {submitLabel}
        </Button>
      )}
    </DialogActions>
  );
}
