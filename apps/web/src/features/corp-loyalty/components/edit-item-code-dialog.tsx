import { useEffect } from 'react';
import { Dialog, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '@/components/form-dialog-actions';
import {
  BUNDLE_TEXT_MAX,
  BundleCode,
  ITEM_CODE_LENGTH,
  itemCodeEditFormSchema,
  normaliseItemCode,
  type ItemCodeEditForm,
  type ItemCodeRow,
} from '@fc/contract/loyalty';
import { applyServerErrors, errorField, isRefusal } from '@/lib/server-errors';
import { useToast } from '@/components/toast';
import { useUpdateItemCode } from '../api/update-item-code';
import { isKnownCode, serverText, useLoyaltyText } from './use-loyalty-text';
import { textFieldProps } from '@/lib/field-props';
import { readableDetail } from '@/lib/server-error-text';

type Values = { itemCode: string; description: string; comment: string };

/** Edit an item code: the code (padded to 5), a description (required when editing) and a comment. */
export function EditItemCodeDialog({ row, bundleSeq, onClose }: { row: ItemCodeRow | null; bundleSeq: number; onClose(): void }) {
  const { t } = useTranslation('corp-loyalty');
  const text = useLoyaltyText();
  const toast = useToast();
  const save = useUpdateItemCode();
  const { control, handleSubmit, reset, setError, setValue, getValues } = useForm<Values, unknown, ItemCodeEditForm>({
    resolver: zodResolver(itemCodeEditFormSchema) as never,
    defaultValues: { itemCode: '', description: '', comment: '' },
  });

  useEffect(() => {
    if (row) reset({ itemCode: row.itemCode, description: row.description ?? '', comment: row.comment ?? '' });
  }, [row, reset]);

  const submit = handleSubmit(async (values) => {
    if (!row) return;
    try {
      await save.mutateAsync({
        bundleSeq,
        itemCodeSeq: row.itemCodeSeq,
        body: {
          item_code: normaliseItemCode(values.itemCode),
          description: values.description,
          ...(values.comment.trim() ? { comment: values.comment.trim() } : {}),
        },
      });
      toast.success(t('toasts.item-code-saved'));
      onClose();
    } catch (err) {
      if (!isRefusal(err)) {
        toast.error(t('toasts.item-code-save-failed'));
        return;
      }
      const marked = applyServerErrors(setError, err, {
        field: (e) => {
          const field = errorField(e);
          if (e.code === BundleCode.InvalidCode || field === 'item_code') return 'itemCode';
          return field === 'description' || field === 'comment' ? field : undefined;
        },
        message: (e) => (isKnownCode(e.code) ? e.code : serverText(readableDetail(e, ''))),
      });
      if (!marked) toast.error(readableDetail(err.errors[0], t('toasts.item-code-save-failed')));
    }
  });

  return (
    <Dialog open={!!row} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="edit-item-code-title">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="edit-item-code-title">{t('item-code.edit-title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              name="itemCode"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...textFieldProps(field)}
                  label={t('item-code.code')}
                  required
                  onBlur={() => {
                    setValue('itemCode', normaliseItemCode(getValues('itemCode')));
                    field.onBlur();
                  }}
                  error={!!fieldState.error}
                  helperText={fieldState.error ? text(fieldState.error.message, t('item-code.code')) : undefined}
                  slotProps={{ htmlInput: { maxLength: ITEM_CODE_LENGTH, autoCapitalize: 'characters', spellCheck: false } }}
                />
              )}
            />
            {(['description', 'comment'] as const).map((name) => (
              <Controller
                key={name}
                name={name}
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...textFieldProps(field)}
                    label={t(`item-code.${name}`)}
                    required={name === 'description'}
                    autoFocus={name === 'description'}
                    multiline
                    minRows={2}
                    error={!!fieldState.error}
                    helperText={
                      fieldState.error ? text(fieldState.error.message, t(`item-code.${name}`)) : t('max-chars', { max: BUNDLE_TEXT_MAX })
                    }
                    slotProps={{ htmlInput: { maxLength: BUNDLE_TEXT_MAX } }}
                  />
                )}
              />
            ))}
          </Stack>
        </DialogContent>
        <FormDialogActions onCancel={onClose} submitLabel={t('actions.save')} busy={save.isPending} />
      </form>
    </Dialog>
  );
}
