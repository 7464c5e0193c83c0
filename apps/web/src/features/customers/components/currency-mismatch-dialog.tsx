import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type CreateCustomer, type CustomerForm } from '@fc/contract/customers';
import { ConfirmDialog } from '@/components/confirm-dialog';

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
    <ConfirmDialog
      open={open}
      title={t('create.mismatch.title')}
      text={t('create.mismatch.text', {
        currency: currency === null ? '' : t(`options.currency.${currency}`),
        country: country === null ? '' : t(`options.country.${country}`),
      })}
      confirmLabel={t('create.mismatch.okay')}
      cancelLabel={t('create.mismatch.cancel')}
      color="primary"
      focus="confirm"
      onClose={onCancel}
      onConfirm={onOkay}
    />
  );
}
