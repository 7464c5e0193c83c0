import { useEffect } from 'react';
import { Dialog, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '@/components/form-dialog-actions';
import { BUNDLE_NAME_MAX, BUNDLE_TEXT_MAX, BundleCode, bundleFormSchema, type BundleForm } from '@fc/contract/loyalty';
import { readableDetail } from '@/lib/server-error-text';
import { applyServerErrors, errorField, isRefusal } from '@/lib/server-errors';
import { useToast } from '@/components/toast';
import { useAddBundle } from '../api/add-bundle';
import { useUpdateBundle } from '../api/update-bundle';
import { isKnownCode, serverText, useLoyaltyText } from './use-loyalty-text';

type Values = { name: string; description: string; comment: string };
const EMPTY: Values = { name: '', description: '', comment: '' };

/** Add or edit a bundle: name (required, at most 64, unique), description and comment (at most 200). */
export function BundleDialog({
  open,
  bundle,
  onClose,
}: {
  open: boolean;
  bundle?: { bundleId: number; bundleName: string; description: string | null; comment: string | null };
  onClose(): void;
}) {
  const { t } = useTranslation('corp-loyalty');
  const text = useLoyaltyText();
  const toast = useToast();
  const add = useAddBundle();
  const save = useUpdateBundle();
  const editing = !!bundle;
  const { control, handleSubmit, reset, setError } = useForm<Values, unknown, BundleForm>({
    resolver: zodResolver(bundleFormSchema) as never,
    defaultValues: EMPTY,
  });

  useEffect(() => {
    if (open) reset(bundle ? { name: bundle.bundleName, description: bundle.description ?? '', comment: bundle.comment ?? '' } : EMPTY);
  }, [open, bundle, reset]);

  const submit = handleSubmit(async (values) => {
    const body = { fc_loyalty_bundle: { ...values, ...(bundle ? { bundle_seq: bundle.bundleId } : {}) } };
    try {
      if (bundle) await save.mutateAsync({ id: bundle.bundleId, body });
      else await add.mutateAsync(body);
      toast.success(t(editing ? 'toasts.bundle-saved' : 'toasts.bundle-added'));
      onClose();
    } catch (err) {
      const failed = t(editing ? 'toasts.bundle-save-failed' : 'toasts.bundle-add-failed');
      if (!isRefusal(err)) return toast.error(failed);
      const marked = applyServerErrors(setError, err, {
        field: (e) => {
          const field = errorField(e) as keyof Values;
          return e.code === BundleCode.DuplicateName || e.code === BundleCode.NameRequired ? 'name' : field in EMPTY ? field : undefined;
        },
        message: (e) => (isKnownCode(e.code) ? e.code : serverText(readableDetail(e, ''))),
      });
      if (!marked) toast.error(readableDetail(err.errors[0], failed));
    }
  });

  const field = (
    name: keyof Values,
    label: string,
    max: number,
    extra: { required?: boolean; multiline?: boolean; autoFocus?: boolean } = {},
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field: f, fieldState }) => (
        <TextField
          {...f}
          label={label}
          required={extra.required}
          multiline={extra.multiline}
          minRows={extra.multiline ? 2 : undefined}
          autoFocus={extra.autoFocus}
          error={!!fieldState.error}
          helperText={fieldState.error ? text(fieldState.error.message, label) : t('max-chars', { max })}
          slotProps={{ htmlInput: { maxLength: max } }}
        />
      )}
    />
  );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="bundle-title">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="bundle-title">{t(editing ? 'bundle.edit-title' : 'bundle.add-title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {field('name', t('bundle.name'), BUNDLE_NAME_MAX, { required: true, autoFocus: true })}
            {field('description', t('bundle.description'), BUNDLE_TEXT_MAX, { multiline: true })}
            {field('comment', t('bundle.comment'), BUNDLE_TEXT_MAX, { multiline: true })}
          </Stack>
        </DialogContent>
        <FormDialogActions
          onCancel={onClose}
          submitLabel={t(editing ? 'actions.save' : 'bundle.add-submit')}
          busy={add.isPending || save.isPending}
        />
      </form>
    </Dialog>
  );
}
