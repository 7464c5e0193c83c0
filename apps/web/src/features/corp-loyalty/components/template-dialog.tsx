import { useEffect } from 'react';
import { Alert, CircularProgress, Dialog, DialogContent, DialogTitle, MenuItem, Stack } from '@mui/material';
import { useFieldArray, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '@/components/form-dialog-actions';
import { FormTextField } from '@/components/form-fields';
import { parseMsg } from '@fc/contract';
import {
  BUNDLE_TYPES,
  emptyMilestone,
  fractionToPercent,
  TEMPLATE_NAME_MAX,
  TemplateCode,
  TemplateStatus,
  templateFormSchema,
  templateFormToBody,
  type TemplateDetails,
  type TemplateForm,
} from '@fc/contract/loyalty';
import { isRefusal } from '@/lib/server-errors';
import { useToast } from '@/components/toast';
import { useCan } from '@/lib/session/current-user';
import { useAddTemplate } from '../api/add-template';
import { useActiveBundles } from '../api/get-bundles';
import { useTemplate } from '../api/get-template';
import { useUpdateTemplate } from '../api/update-template';
import { isKnownCode, serverText, useLoyaltyText } from './use-loyalty-text';
import { readableDetail } from '@/lib/server-error-text';
import { MilestonesFieldset } from './milestones-fieldset';

export type TemplateDialogMode = 'add' | 'edit' | 'view';

const EMPTY: TemplateForm = { loyaltyProgramName: '', currencyConfig: '', bundleSeq: '', bundleType: '', milestones: [emptyMilestone()] };
/** Codes of section 8 that mark a field of the form; ALP09 and ALP10 are a toast and mark their milestone row. */
const FIELD_OF_CODE: Record<string, 'loyaltyProgramName' | 'bundleSeq'> = {
  [TemplateCode.NotFound]: 'loyaltyProgramName',
  [TemplateCode.DuplicateName]: 'loyaltyProgramName',
  [TemplateCode.HasActiveCustomers]: 'loyaltyProgramName',
  [TemplateCode.Inactive]: 'loyaltyProgramName',
  [TemplateCode.InvalidBundle]: 'bundleSeq',
};
const FORM_FIELD: Record<string, 'loyaltyProgramName' | 'currencyConfig' | 'bundleSeq' | 'bundleType'> = {
  loyalty_program_name: 'loyaltyProgramName',
  currency_config: 'currencyConfig',
  bundle_seq: 'bundleSeq',
  bundle_type: 'bundleType',
};
const MILESTONE_FIELD = { milestone_amount: 'amount', milestone_rate: 'rate', milestone_cap: 'cap' } as const;
const ORDER_CODES = new Set<string>([TemplateCode.InvalidAmount, TemplateCode.InvalidRateOrCap]);

function toForm(d: TemplateDetails): TemplateForm {
  const milestones = d.milestones.map((m) => ({
    isCap: m.rate === null,
    rate: m.rate === null ? '' : String(fractionToPercent(m.rate)),
    amount: m.amount.toFixed(2),
    cap: m.cap === null ? '' : m.cap.toFixed(2),
  }));
  return {
    loyaltyProgramName: d.loyaltyProgramName,
    currencyConfig: String(d.currencyConfig),
    bundleSeq: d.loyaltyProgramBundleSeq ? String(d.loyaltyProgramBundleSeq) : '',
    bundleType: d.loyaltyProgramBundleType ?? '',
    // At least one milestone row always exists (section 4).
    milestones: milestones.length ? milestones : [emptyMilestone()],
  };
}

/** Add, edit or view a programme template with its milestones (LOY-12, LOY-13, LOY-14, LOY-16). */
export function TemplateDialog({ open, mode, seq, onClose }: { open: boolean; mode: TemplateDialogMode; seq?: number; onClose(): void }) {
  const { t } = useTranslation('corp-loyalty');
  const text = useLoyaltyText();
  const toast = useToast();
  const details = useTemplate(open && mode !== 'add' ? seq : undefined);
  const bundles = useActiveBundles(open);
  const add = useAddTemplate();
  const save = useUpdateTemplate();
  const readOnly = mode === 'view';
  const canModify = useCan('corpLoyaltyModify');
  const { control, handleSubmit, reset, setError, setValue, getValues } = useForm<TemplateForm>({
    resolver: zodResolver(templateFormSchema),
    defaultValues: EMPTY,
  });
  const milestones = useFieldArray({ control, name: 'milestones' });

  useEffect(() => {
    if (!open) reset(EMPTY);
    else if (details.data) reset(toForm(details.data));
  }, [open, details.data, reset]);

  // A failed template-details load shows a toast and closes the modal (section 8).
  useEffect(() => {
    if (open && details.isError) {
      toast.error(t('toasts.template-load-failed'));
      onClose();
    }
  }, [open, details.isError, toast, t, onClose]);

  const bundleOptions = [...(bundles.data?.rows ?? []).map((b) => ({ id: b.bundleId, name: b.bundleName }))];
  const current = details.data;
  if (current?.loyaltyProgramBundleSeq && !bundleOptions.some((b) => b.id === current.loyaltyProgramBundleSeq)) {
    bundleOptions.push({ id: current.loyaltyProgramBundleSeq, name: current.bundleName ?? String(current.loyaltyProgramBundleSeq) });
  }

  const orderToast = (errors: FieldErrors<TemplateForm>) => {
    const list = Array.isArray(errors.milestones) ? errors.milestones : [];
    const code = list
      .flatMap((m) => (m ? [m.amount?.message, m.rate?.message, m.cap?.message] : []))
      .map((c) => parseMsg(c ?? '').key)
      .find((c) => ORDER_CODES.has(c));
    if (code) toast.error(text(code));
  };

  const submit = handleSubmit(async (values) => {
    const body = templateFormToBody(values, mode === 'edit' ? seq : undefined);
    try {
      await (mode === 'edit' ? save : add).mutateAsync(body);
      toast.success(t(mode === 'edit' ? 'toasts.template-saved' : 'toasts.template-added'));
      onClose();
    } catch (err) {
      const failed = t(mode === 'edit' ? 'toasts.template-save-failed' : 'toasts.template-add-failed');
      if (!isRefusal(err)) {
        toast.error(failed);
        return;
      }
      let marked = false;
      let toasted = false;
      for (const e of err.errors) {
        const path = (e.source?.pointer ?? '').split('/').filter(Boolean);
        const last = path[path.length - 1] ?? '';
        if (ORDER_CODES.has(e.code)) {
          // Shown once, however many milestones are out of order; each of them is marked on its row.
          if (!toasted) toast.error(text(e.code));
          toasted = true;
          if (path[0] === 'fc_loyalty_program_milestones' && path.length === 3 && last in MILESTONE_FIELD)
            setError(`milestones.${Number(path[1])}.${MILESTONE_FIELD[last as keyof typeof MILESTONE_FIELD]}`, { message: e.code });
          continue;
        }
        const byCode = FIELD_OF_CODE[e.code];
        const message = isKnownCode(e.code) ? e.code : serverText(readableDetail(e, ''));
        if (byCode) setError(byCode, { message: e.code }, { shouldFocus: !marked });
        else if (path[0] === 'fc_loyalty_program_milestones' && path.length === 3 && last in MILESTONE_FIELD) {
          setError(
            `milestones.${Number(path[1])}.${MILESTONE_FIELD[last as keyof typeof MILESTONE_FIELD]}`,
            { message },
            { shouldFocus: !marked },
          );
        } else if (FORM_FIELD[last]) setError(FORM_FIELD[last], { message }, { shouldFocus: !marked });
        else {
          toast.error(readableDetail(e, failed));
          toasted = true;
          continue;
        }
        marked = true;
      }
      if (!marked && !toasted) toast.error(failed);
    }
  }, orderToast);

  const title = t(`template.${mode}-title`);
  const readOnlyReason =
    !readOnly || !canModify || !current
      ? null
      : current.loyaltyProgramStatus !== TemplateStatus.Active
        ? t('template.read-only-inactive')
        : current.editAllowed === 'N'
          ? t('template.read-only-enrolled')
          : null;
  const loading = mode !== 'add' && details.isFetching && !details.data;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="template-title">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="template-title">{title}</DialogTitle>
        <DialogContent>
          {loading ? (
            <CircularProgress aria-label={t('loading')} />
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              {/* Why a user who may modify sees the template read-only (docs/decisions/0330). */}
              {readOnlyReason && (
                <Alert severity="info" data-testid="template-read-only-reason">
                  {readOnlyReason}
                </Alert>
              )}
              <FormTextField
                name="loyaltyProgramName"
                control={control}
                message={text}
                label={t('template.name')}
                required
                autoFocus={!readOnly}
                disabled={readOnly}
                help={t('template.name-help', { max: TEMPLATE_NAME_MAX })}
                slotProps={{ htmlInput: { maxLength: TEMPLATE_NAME_MAX } }}
              />
              <FormTextField
                name="currencyConfig"
                control={control}
                message={text}
                select
                label={t('template.currency-config')}
                required
                disabled={readOnly}
              >
                <MenuItem value="0">{t('currency-config.0')}</MenuItem>
                <MenuItem value="1">{t('currency-config.1')}</MenuItem>
              </FormTextField>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <FormTextField
                  name="bundleSeq"
                  control={control}
                  message={text}
                  select
                  fullWidth
                  label={t('template.bundle')}
                  disabled={readOnly}
                  help={t('template.bundle-help')}
                >
                  <MenuItem value="">{t('template.no-bundle')}</MenuItem>
                  {bundleOptions.map((b) => (
                    <MenuItem key={b.id} value={String(b.id)}>
                      {b.name}
                    </MenuItem>
                  ))}
                </FormTextField>
                <FormTextField
                  name="bundleType"
                  control={control}
                  message={text}
                  select
                  fullWidth
                  label={t('template.bundle-type')}
                  disabled={readOnly}
                >
                  <MenuItem value="">{t('template.no-bundle-type')}</MenuItem>
                  {BUNDLE_TYPES.map((b) => (
                    <MenuItem key={b} value={b}>
                      {t(`bundle-type.${b}`)}
                    </MenuItem>
                  ))}
                </FormTextField>
              </Stack>

              <MilestonesFieldset control={control} setValue={setValue} getValues={getValues} milestones={milestones} readOnly={readOnly} />
            </Stack>
          )}
        </DialogContent>
        <FormDialogActions
          onCancel={onClose}
          submitLabel={readOnly ? undefined : t(mode === 'edit' ? 'actions.save' : 'template.add-submit')}
          busy={add.isPending || save.isPending || loading}
        />
      </form>
    </Dialog>
  );
}
