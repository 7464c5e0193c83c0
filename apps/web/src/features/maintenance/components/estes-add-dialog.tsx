import { useEffect, useState } from 'react';
import { Dialog, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '@/components/form-dialog-actions';
import {
  ADD_PART_REENABLE_MS,
  CUSTOM_PART_NO_MAX,
  estesMappingSchema,
  PART_NO_MAX,
  PartsCode,
  type EstesMapping,
} from '@fc/contract/maintenance';
import { applyServerErrors, errorField } from '@/lib/server-errors';
import { useToast } from '@/components/toast';
import { useCreateEstesPart } from '../api/create-estes-part';
import { useMaintenanceFieldMessage } from './field-message';

type FormValues = { part_no: string; custom_part_no: string };
const EMPTY: FormValues = { part_no: '', custom_part_no: '' };
const FIELD_OF_CODE: Record<string, keyof FormValues> = {
  [PartsCode.InvalidPart]: 'part_no',
  [PartsCode.DuplicateCustomPart]: 'custom_part_no',
  [PartsCode.DuplicatePart]: 'part_no',
};

/** The Add-part dialog: two fields; the submit button comes back 500 ms after the call (section 4). */
export function EstesAddDialog({ open, onClose, onAdded }: { open: boolean; onClose(): void; onAdded(mapping: EstesMapping): void }) {
  const { t } = useTranslation('maintenance');
  const toast = useToast();
  const fieldMessage = useMaintenanceFieldMessage();
  const create = useCreateEstesPart();
  const [busy, setBusy] = useState(false);
  const { control, handleSubmit, reset, setError } = useForm<FormValues, unknown, EstesMapping>({
    resolver: zodResolver(estesMappingSchema),
    defaultValues: EMPTY,
  });

  useEffect(() => {
    if (!open) reset(EMPTY);
  }, [open, reset]);

  const submit = handleSubmit(async (values) => {
    setBusy(true);
    try {
      await create.mutateAsync(values);
      toast.success(t('parts.messages.estes-create-success', { partNo: values.part_no, customPartNo: values.custom_part_no }));
      onAdded(values);
      onClose();
    } catch (err) {
      // A code of its own names its field; otherwise the field the server named (its message, no focus).
      const marked =
        applyServerErrors(setError, err, { field: (e) => FIELD_OF_CODE[e.code] }) ||
        applyServerErrors(setError, err, {
          field: (e) => {
            const field = errorField(e);
            return field === 'part_no' || field === 'custom_part_no' ? field : undefined;
          },
          focus: false,
        });
      if (!marked) toast.error(t('parts.messages.estes-create-error'));
    } finally {
      window.setTimeout(() => setBusy(false), ADD_PART_REENABLE_MS);
    }
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="estes-add-title">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="estes-add-title">{t('parts.add-title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              name="part_no"
              control={control}
              render={({ field: { ref, ...field }, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  label={t('parts.part-no')}
                  required
                  autoFocus
                  error={!!fieldState.error}
                  helperText={fieldState.error ? fieldMessage(fieldState.error.message, t('parts.part-no')) : t('parts.part-no-help')}
                  slotProps={{ htmlInput: { maxLength: PART_NO_MAX, autoCapitalize: 'characters', spellCheck: false } }}
                />
              )}
            />
            <Controller
              name="custom_part_no"
              control={control}
              render={({ field: { ref, ...field }, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  label={t('parts.custom-part-no')}
                  required
                  error={!!fieldState.error}
                  helperText={
                    fieldState.error ? fieldMessage(fieldState.error.message, t('parts.custom-part-no')) : t('parts.custom-part-no-help')
                  }
                  slotProps={{ htmlInput: { maxLength: CUSTOM_PART_NO_MAX, autoCapitalize: 'characters', spellCheck: false } }}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions onCancel={onClose} submitLabel={t('parts.add-submit')} busy={busy} />
      </form>
    </Dialog>
  );
}
