import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type CreateCustomer, type CustomerForm } from '@fc/contract/customers';

/** Currency and country do not match (CUST-16): okay keeps both, cancel clears both. */
export function MismatchDialog({
  open,
  control,
  onOkay,
  onCancel,
}: {
  open: boolean;
  control: Control<CustomerForm, unknown, CreateCustomer>;
  onOkay(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('customers');
  const currency = useWatch({ control, name: 'currency' });
  const country = useWatch({ control, name: 'country' });
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="mismatch-title">
      <DialogTitle id="mismatch-title">{t('create.mismatch.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t('create.mismatch.text', {
            currency: currency === null ? '' : t(`options.currency.${currency}`),
            country: country === null ? '' : t(`options.country.${country}`),
          })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('create.mismatch.cancel')}</Button>
        <Button onClick={onOkay} variant="contained" autoFocus>
          {t('create.mismatch.okay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
