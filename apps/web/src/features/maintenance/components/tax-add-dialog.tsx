import { useEffect } from 'react';
import { Dialog, DialogContent, DialogTitle, Grid, InputAdornment, MenuItem } from '@mui/material';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form-fields';
import { FormDialogActions } from '@/components/form-dialog-actions';
import {
  CUST_NO_MAX_DIGITS,
  EMPTY_TAX_ADD_FORM,
  PROGRAMS,
  taxAddFormSchema,
  toTaxCreatePayload,
  type TaxAddForm,
} from '@fc/contract/maintenance';
import { DraftPrompt } from '@/components/draft-prompt';
import { useToast } from '@/components/toast';
import { useDraft } from '@/lib/use-draft';
import { useAppConfig } from '@/lib/session/app-config';
import { useCreateTaxRate } from '../api/create-tax-rate';
import { applyServerErrors } from '@/lib/server-errors';
import { taxField, taxFieldErrors } from './tax-server-errors';
import { useMaintenanceFieldMessage } from './field-message';

const FIELDS = ['cust_no', 'program', 'cust_location', 'tax_rate', 'effective_date', 'expiry_date'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The Add dialog of a tax rate (TAX-05): number and program numeric, location 3 digits,
 * rate a percent 0 to 100 (sent divided by 100), dates typed MM/DD/YYYY (sent YYYYMMDD). Resets on close.
 */
export function TaxAddDialog({ open, onOpen, onClose }: { open: boolean; onOpen(): void; onClose(): void }) {
  const { t } = useTranslation('maintenance');
  const toast = useToast();
  const fieldMessage = useMaintenanceFieldMessage();
  const { data: config } = useAppConfig();
  const create = useCreateTaxRate();
  const { control, handleSubmit, reset, setError, getValues, formState } = useForm<TaxAddForm>({
    // Built at each validation, so that "not in the past" compares with today.
    resolver: ((values, context, options) => zodResolver(taxAddFormSchema())(values, context, options)) as Resolver<TaxAddForm>,
    defaultValues: EMPTY_TAX_ADD_FORM,
  });
  // An open dialog's values are kept when the session times out, and offered back on the page (decision 0011).
  const { isDirty } = formState;
  const { pathname } = useLocation();
  const { draft, discard } = useDraft<TaxAddForm>({ values: () => (open && isDirty ? getValues() : null), page: `${pathname}#tax-add` });

  useEffect(() => {
    if (!open) reset(EMPTY_TAX_ADD_FORM);
  }, [open, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(toTaxCreatePayload(values));
      toast.success(t('tax.messages.tax-create-success'));
      discard();
      onClose();
    } catch (err) {
      const marked = applyServerErrors(setError, err, { field: (e) => taxField(e, FIELDS) });
      if (taxFieldErrors<Field>(err, FIELDS).other.includes('AET17')) toast.error(fieldMessage('AET17'));
      else if (!marked) toast.error(t('tax.messages.tax-create-error'));
    }
  });

  const label: Record<Field, string> = {
    cust_no: t('tax.cust-no'),
    program: t('tax.program'),
    cust_location: t('tax.location'),
    tax_rate: t('tax.tax-rate-percent'),
    effective_date: t('tax.effective-date'),
    expiry_date: t('tax.expiry-date'),
  };
  const text = (
    name: Field,
    props: {
      required?: boolean;
      help?: string;
      inputMode?: 'numeric' | 'decimal';
      maxLength?: number;
      select?: boolean;
      children?: React.ReactNode;
      adornment?: string;
    },
  ) => (
    <FormTextField
      name={name}
      control={control}
      message={fieldMessage}
      fullWidth
      select={props.select}
      label={label[name]}
      required={props.required}
      help={props.help ?? ' '}
      slotProps={{
        htmlInput: { inputMode: props.inputMode, maxLength: props.maxLength },
        input: props.adornment ? { endAdornment: <InputAdornment position="end">{props.adornment}</InputAdornment> } : undefined,
      }}
    >
      {props.children}
    </FormTextField>
  );

  return (
    <>
      {draft && !open && (
        <DraftPrompt
          onRestore={() => {
            reset({ ...EMPTY_TAX_ADD_FORM, ...draft }, { keepDefaultValues: true });
            discard();
            onOpen();
          }}
          onDiscard={discard}
        />
      )}
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="tax-add-title">
        <form noValidate onSubmit={(e) => void submit(e)}>
          <DialogTitle id="tax-add-title">{t('tax.add-title')}</DialogTitle>
          <DialogContent>
            <Grid container spacing={2} sx={{ pt: 1 }}>
              <Grid size={{ xs: 12, sm: 6 }}>
                {text('cust_no', { required: true, inputMode: 'numeric', maxLength: CUST_NO_MAX_DIGITS })}
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                {text('program', {
                  required: true,
                  select: true,
                  children: PROGRAMS.map((p) => (
                    <MenuItem key={p} value={String(p)}>
                      {t(`tax.programs.${p}`, { brand: config?.brandName ?? '' })}
                    </MenuItem>
                  )),
                })}
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                {text('cust_location', { required: true, inputMode: 'numeric', maxLength: 3, help: t('tax.location-help') })}
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                {text('tax_rate', { required: true, inputMode: 'decimal', maxLength: 8, adornment: '%' })}
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                {text('effective_date', { required: true, inputMode: 'numeric', maxLength: 10, help: t('tax.date-help') })}
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                {text('expiry_date', { inputMode: 'numeric', maxLength: 10, help: t('tax.optional-date-help') })}
              </Grid>
            </Grid>
          </DialogContent>
          <FormDialogActions onCancel={onClose} submitLabel={t('tax.add-submit')} busy={formState.isSubmitting} />
        </form>
      </Dialog>
    </>
  );
}
