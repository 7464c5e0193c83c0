import { useMemo, useState } from 'react';
import {
  Autocomplete,
  Box,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '@/components/form-dialog-actions';
import { camelCase, todayYyyymmdd } from '@fc/contract';
import {
  ENROLMENT_MAX_YEARS_DEFAULT,
  enrolmentDateMessage,
  enrolmentFormSchema,
  enrolmentFormToBody,
  isActiveCustomer,
  type CustomerOption,
  type EnrolmentForm,
} from '@fc/contract/loyalty';
import { useAppConfig } from '@/lib/session/app-config';
import { applyServerErrors, errorField, isRefusal } from '@/lib/server-errors';
import { useToast } from '@/components/toast';
import { useAddEnrolment } from '../api/add-enrolment';
import { useCustomerOptions } from '../api/get-customer-options';
import { useTemplate } from '../api/get-template';
import { useActiveTemplates } from '../api/get-templates';
import { FormDateField, FormTextField } from '@/components/form-fields';
import { isKnownCode, serverText, useFormats, useLoyaltyText } from './use-loyalty-text';
import { readableDetail } from '@/lib/server-error-text';

const EMPTY: EnrolmentForm = { custNo: '', loyaltyProgramSeq: '', startDate: '', endDate: '' };
/** Server fields of fc_loyalty_cust mapped to the form (section 8): the dates by name, the rest camel-cased. */
const FIELD_OF: Record<string, keyof EnrolmentForm> = { start_date: 'startDate', end_date: 'endDate' };

/**
 * Add enrolment (LOY-07, LOY-08, LOY-09): an active customer, an active programme of the
 * customer's currency (a change of currency clears the programme), its milestones shown read-only, and
 * the enrolment and expiration dates.
 */
export function AddEnrolmentDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('corp-loyalty');
  const text = useLoyaltyText();
  const fmt = useFormats();
  const toast = useToast();
  const add = useAddEnrolment();
  const [customer, setCustomer] = useState<CustomerOption | null>(null);
  const [search, setSearch] = useState('');
  // How far ahead the dates may be: the server's setting, served in the app config (decision 0342).
  const maxYears = useAppConfig().data?.enrolmentMaxYears ?? ENROLMENT_MAX_YEARS_DEFAULT;
  const schema = useMemo(() => enrolmentFormSchema(todayYyyymmdd(), maxYears), [maxYears]);
  const { control, handleSubmit, reset, setError, setValue } = useForm<EnrolmentForm>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });
  const programmeSeq = useWatch({ control, name: 'loyaltyProgramSeq' });

  const customers = useCustomerOptions(search, open);
  const options = (customers.data ?? []).filter(isActiveCustomer);
  const programmes = useActiveTemplates(customer?.currency);
  const programme = useTemplate(programmeSeq ? Number(programmeSeq) : undefined);

  const close = () => {
    reset(EMPTY);
    setCustomer(null);
    setSearch('');
    onClose();
  };

  const chooseCustomer = (next: CustomerOption | null) => {
    // A change of the customer's currency clears the programme (section 4).
    if (!next || next.currency !== customer?.currency) setValue('loyaltyProgramSeq', '');
    setCustomer(next);
    setValue('custNo', next ? String(next.value) : '', { shouldValidate: !!next });
  };

  const submit = handleSubmit(async (values) => {
    if (!customer) return;
    try {
      await add.mutateAsync(enrolmentFormToBody(values, customer));
      toast.success(t('toasts.enrolment-added'));
      close();
    } catch (err) {
      if (!isRefusal(err)) {
        toast.error(t('toasts.enrolment-add-failed'));
        return;
      }
      const marked = applyServerErrors(setError, err, {
        field: (e) => {
          const name = FIELD_OF[errorField(e)] ?? (camelCase(errorField(e)) as keyof EnrolmentForm);
          return name in EMPTY ? name : undefined;
        },
        // The dates' codes have texts of their own; other fields show the server's message.
        message: (e) =>
          FIELD_OF[errorField(e)] && isKnownCode(e.code) ? enrolmentDateMessage(e.code, maxYears) : serverText(readableDetail(e, '')),
      });
      if (!marked) toast.error(readableDetail(err.errors[0], t('toasts.enrolment-add-failed')));
    }
  });

  const milestones = programme.data?.milestones ?? [];
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="add-enrolment-title">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="add-enrolment-title">{t('enrolment.add-title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              name="custNo"
              control={control}
              render={({ field, fieldState }) => (
                <Autocomplete<CustomerOption>
                  options={options}
                  value={customer}
                  onChange={(_e, v) => chooseCustomer(v)}
                  onInputChange={(_e, v, reason) => reason === 'input' && setSearch(v)}
                  onBlur={field.onBlur}
                  filterOptions={(x) => x}
                  loading={customers.isFetching}
                  getOptionLabel={(o) => `${o.label} (${o.value})`}
                  isOptionEqualToValue={(a, b) => a.value === b.value}
                  noOptionsText={t('enrolment.no-customers')}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      inputRef={field.ref}
                      name="custNo"
                      label={t('enrolment.customer')}
                      required
                      autoFocus
                      error={!!fieldState.error}
                      helperText={fieldState.error ? text(fieldState.error.message, t('enrolment.customer')) : t('enrolment.customer-help')}
                    />
                  )}
                />
              )}
            />
            <FormTextField
              name="loyaltyProgramSeq"
              control={control}
              message={text}
              select
              label={t('enrolment.program')}
              required
              disabled={!customer}
              help={customer && programmes.data?.rows.length === 0 ? t('enrolment.no-programs') : t('enrolment.program-help')}
            >
              {(programmes.data?.rows ?? []).map((p) => (
                <MenuItem key={p.loyaltyProgramSeq} value={String(p.loyaltyProgramSeq)}>
                  {p.loyaltyProgramName}
                </MenuItem>
              ))}
            </FormTextField>
            {programmeSeq && (
              <Box aria-live="polite">
                <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
                  {t('enrolment.milestones')}
                </Typography>
                {programme.isFetching ? (
                  <CircularProgress size={20} aria-label={t('loading')} />
                ) : (
                  <Table size="small" aria-label={t('enrolment.milestones')}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('template.milestone-no')}</TableCell>
                        <TableCell>{t('template.target-spend')}</TableCell>
                        <TableCell>{t('template.rebate')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {milestones.map((m) => (
                        <TableRow key={m.number}>
                          <TableCell>{m.number}</TableCell>
                          <TableCell>{fmt.money(m.amount, customer?.currency)}</TableCell>
                          <TableCell>
                            {m.rate !== null ? fmt.rate(m.rate) : t('template.cap-of', { amount: fmt.money(m.cap, customer?.currency) })}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
              </Box>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormDateField name="startDate" control={control} message={text} label={t('enrolment.start-date')} required />
              <FormDateField name="endDate" control={control} message={text} label={t('enrolment.end-date')} required />
            </Stack>
          </Stack>
        </DialogContent>
        <FormDialogActions onCancel={close} submitLabel={t('enrolment.add-submit')} busy={add.isPending} />
      </form>
    </Dialog>
  );
}
