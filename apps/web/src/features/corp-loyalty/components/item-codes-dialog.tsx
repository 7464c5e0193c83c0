import { useEffect } from 'react';
import { Alert, Box, Button, Dialog, DialogContent, DialogTitle, IconButton, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '@/components/form-dialog-actions';
import {
  BUNDLE_TEXT_MAX,
  BundleCode,
  codesFromMessage,
  ITEM_CODE_LENGTH,
  itemCodesFormSchema,
  itemCodesFormToBody,
  MAX_ITEM_CODES_PER_SUBMISSION,
  normaliseItemCode,
  type ItemCodesForm,
} from '@fc/contract/loyalty';
import { isRefusal } from '@/lib/server-errors';
import { useToast } from '@/components/toast';
import { useAddItemCodes } from '../api/add-item-codes';
import { serverText, useLoyaltyText } from './use-loyalty-text';
import { textFieldProps } from '@/lib/field-props';
import { readableDetail } from '@/lib/server-error-text';

const emptyRow = () => ({ itemCode: '', description: '' });
const EMPTY: ItemCodesForm = { rows: [emptyRow()], comment: '' };

/**
 * Add item codes to a bundle (LOY-21, LOY-22, LOY-23): up to 250 rows, each code padded to 5
 * characters when its field is left; codes twice in the form are ALB15, codes the server finds invalid or
 * already in the bundle (ALB16) are flagged on their rows.
 */
export function ItemCodesDialog({ open, bundleSeq, onClose }: { open: boolean; bundleSeq: number; onClose(): void }) {
  const { t } = useTranslation('corp-loyalty');
  const text = useLoyaltyText();
  const toast = useToast();
  const add = useAddItemCodes();
  const { control, handleSubmit, reset, setError, setValue, getValues } = useForm<ItemCodesForm>({
    resolver: zodResolver(itemCodesFormSchema),
    defaultValues: EMPTY,
  });
  const rows = useFieldArray({ control, name: 'rows' });
  const count = useWatch({ control, name: 'rows' }).length;
  const full = count >= MAX_ITEM_CODES_PER_SUBMISSION;

  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      const res = await add.mutateAsync({ bundleSeq, body: itemCodesFormToBody(values) });
      toast.success(t('toasts.item-codes-added', { count: Number(res.data[0]?.added ?? values.rows.length) }));
      onClose();
    } catch (err) {
      if (!isRefusal(err)) {
        toast.error(t('toasts.item-codes-add-failed'));
        return;
      }
      let marked = false;
      for (const e of err.errors) {
        // ALB15 / ALB16: "text: code1,code2", each code flagged on its row (section 8).
        if (e.code === BundleCode.DuplicateCode || e.code === BundleCode.InvalidCode) {
          const flagged = new Set(codesFromMessage(e.detail));
          getValues('rows').forEach((r, i) => {
            if (flagged.has(normaliseItemCode(r.itemCode))) {
              setError(`rows.${i}.itemCode`, { message: e.code }, { shouldFocus: !marked });
              marked = true;
            }
          });
          continue;
        }
        const path = (e.source?.pointer ?? '').split('/').filter(Boolean);
        if (path[0] === 'item_codes' && path.length === 3) {
          setError(
            `rows.${Number(path[1])}.${path[2] === 'description' ? 'description' : 'itemCode'}`,
            { message: serverText(readableDetail(e, '')) },
            { shouldFocus: !marked },
          );
          marked = true;
        } else if (path[0] === 'comment') {
          setError('comment', { message: serverText(readableDetail(e, '')) });
          marked = true;
        }
      }
      if (!marked) toast.error(readableDetail(err.errors[0], t('toasts.item-codes-add-failed')));
    }
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="item-codes-title">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="item-codes-title">{t('item-code.add-title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('item-code.add-help', { length: ITEM_CODE_LENGTH, max: MAX_ITEM_CODES_PER_SUBMISSION })}
          </Typography>
          <Stack spacing={1.5}>
            {rows.fields.map((row, i) => (
              <Stack
                key={row.id}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                role="group"
                aria-label={t('item-code.row-n', { n: i + 1 })}
              >
                <Controller
                  name={`rows.${i}.itemCode`}
                  control={control}
                  render={({ field, fieldState }) => (
                    <TextField
                      {...textFieldProps(field)}
                      label={t('item-code.code-n', { n: i + 1 })}
                      required
                      autoFocus={i === rows.fields.length - 1}
                      onBlur={() => {
                        setValue(`rows.${i}.itemCode`, normaliseItemCode(getValues(`rows.${i}.itemCode`)));
                        field.onBlur();
                      }}
                      error={!!fieldState.error}
                      helperText={fieldState.error ? text(fieldState.error.message, t('item-code.code')) : undefined}
                      // Room for "Código de artículo 1" (issue 20).
                      sx={{ width: { sm: 220 } }}
                      slotProps={{ htmlInput: { maxLength: ITEM_CODE_LENGTH, autoCapitalize: 'characters', spellCheck: false } }}
                    />
                  )}
                />
                <Controller
                  name={`rows.${i}.description`}
                  control={control}
                  render={({ field, fieldState }) => (
                    <TextField
                      {...textFieldProps(field)}
                      label={t('item-code.description-n', { n: i + 1 })}
                      fullWidth
                      error={!!fieldState.error}
                      helperText={fieldState.error ? text(fieldState.error.message, t('item-code.description')) : undefined}
                      slotProps={{ htmlInput: { maxLength: BUNDLE_TEXT_MAX } }}
                    />
                  )}
                />
                <IconButton
                  aria-label={t('item-code.remove-row', { n: i + 1 })}
                  onClick={() => rows.remove(i)}
                  sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            ))}
          </Stack>
          <Box sx={{ mt: 1 }}>
            <Button startIcon={<AddIcon />} disabled={full} onClick={() => rows.append(emptyRow())}>
              {t('item-code.add-row')}
            </Button>
            {full && (
              <Alert severity="info" sx={{ mt: 1 }}>
                {t('item-code.max-reached', { max: MAX_ITEM_CODES_PER_SUBMISSION })}
              </Alert>
            )}
          </Box>
          <Controller
            name="comment"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...textFieldProps(field)}
                label={t('item-code.comment')}
                fullWidth
                multiline
                minRows={2}
                sx={{ mt: 2 }}
                error={!!fieldState.error}
                helperText={
                  fieldState.error ? text(fieldState.error.message, t('item-code.comment')) : t('max-chars', { max: BUNDLE_TEXT_MAX })
                }
                slotProps={{ htmlInput: { maxLength: BUNDLE_TEXT_MAX } }}
              />
            )}
          />
        </DialogContent>
        <FormDialogActions onCancel={onClose} submitLabel={t('actions.save')} busy={count === 0 || add.isPending} />
      </form>
    </Dialog>
  );
}
