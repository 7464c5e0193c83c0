import { useEffect } from 'react';
import { Dialog, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form-fields';
import { FormDialogActions } from '@/components/form-dialog-actions';
import { formatRate, mmddyyyyToYyyymmdd, toMmddyyyy } from '@fc/contract';
import { taxExpireFormSchema, type TaxExpireForm, type TaxRateRow } from '@fc/contract/maintenance';
import { DraftPrompt } from '@/components/draft-prompt';
import { useToast } from '@/components/toast';
import { useDraft } from '@/lib/use-draft';
import { useExpireTaxRate } from '../api/expire-tax-rate';
import { applyServerErrors } from '@/lib/server-errors';
import { taxField } from './tax-server-errors';
import { useMaintenanceFieldMessage } from './field-message';

const EMPTY: TaxExpireForm = { expiry_date: '' };

/** The Expire dialog: an expiry date typed MM/DD/YYYY, valid and not in the past (sent YYYYMMDD). Resets on close. */
export function TaxExpireDialog({ rate, onOpen, onClose }: { rate: TaxRateRow | null; onOpen(rate: TaxRateRow): void; onClose(): void }) {
  const { t, i18n } = useTranslation('maintenance');
  const toast = useToast();
  const fieldMessage = useMaintenanceFieldMessage();
  const expire = useExpireTaxRate();
  const open = !!rate;
  const { control, handleSubmit, reset, setError, getValues, formState } = useForm<TaxExpireForm>({
    // Built at each validation, so that "not in the past" compares with today.
    resolver: ((values, context, options) => zodResolver(taxExpireFormSchema())(values, context, options)) as Resolver<TaxExpireForm>,
    defaultValues: EMPTY,
  });
  // The typed date is kept with the rate it is for when the session times out (decision 0011).
  const { isDirty } = formState;
  const { pathname } = useLocation();
  const { draft, discard } = useDraft<TaxExpireForm & { rate: TaxRateRow }>({
    values: () => (rate && isDirty ? { ...getValues(), rate } : null),
    page: `${pathname}#tax-expire`,
  });

  useEffect(() => {
    if (!open) reset(EMPTY);
  }, [open, reset]);

  const submit = handleSubmit(async (values) => {
    if (!rate) return;
    try {
      await expire.mutateAsync({ cust_tax_rate_seq: rate.custTaxRateSeq, expiry_date: mmddyyyyToYyyymmdd(values.expiry_date)! });
      toast.success(t('tax.messages.tax-expiry-success'));
      discard();
      onClose();
    } catch (err) {
      if (!applyServerErrors(setError, err, { field: (e) => taxField(e, ['expiry_date'] as const) }))
        toast.error(t('tax.messages.tax-expiry-error'));
    }
  });

  const label = t('tax.expiry-date');
  return (
    <>
      {draft && !open && (
        <DraftPrompt
          onRestore={() => {
            reset({ expiry_date: draft.expiry_date }, { keepDefaultValues: true });
            discard();
            onOpen(draft.rate);
          }}
          onDiscard={discard}
        />
      )}
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="tax-expire-title" aria-describedby="tax-expire-text">
        <form noValidate onSubmit={(e) => void submit(e)}>
          <DialogTitle id="tax-expire-title">{t('tax.expire-title')}</DialogTitle>
          <DialogContent>
            {rate && (
              <DialogContentText id="tax-expire-text" sx={{ mb: 2 }}>
                {t('tax.expire-text', {
                  name: rate.name,
                  custNo: rate.custNo,
                  location: rate.location,
                  rate: formatRate(Number(rate.taxRate), i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
                  from: toMmddyyyy(rate.effectiveDate),
                })}
              </DialogContentText>
            )}
            <FormTextField
              name="expiry_date"
              control={control}
              message={fieldMessage}
              fullWidth
              autoFocus
              required
              label={label}
              help={t('tax.date-help')}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
            />
          </DialogContent>
          <FormDialogActions onCancel={onClose} submitLabel={t('tax.expire')} busy={formState.isSubmitting} />
        </form>
      </Dialog>
    </>
  );
}
