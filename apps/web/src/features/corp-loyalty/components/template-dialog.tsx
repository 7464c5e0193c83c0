import { useEffect } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Controller, useFieldArray, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { parseMsg } from '@fc/contract';
import {
  BUNDLE_TYPES,
  emptyMilestone,
  fractionToPercent,
  MAX_MILESTONES,
  MONEY_INPUT_PATTERN,
  RATE_INPUT_PATTERN,
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
import { isKnownCode, serverText, useFormats, useLoyaltyText } from './use-loyalty-text';
import { textFieldProps } from '@/lib/field-props';
import { readableDetail } from '@/lib/i18n';

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

/** Two decimals shown once the field is left (the two-decimal mask of section 5). */
const twoDecimals = (v: string) => (v.trim() === '' || Number.isNaN(Number(v)) ? v : Number(v).toFixed(2));

/** Add, edit or view a programme template with its milestones (document 3 sections 4, 5 and 8). */
export function TemplateDialog({ open, mode, seq, onClose }: { open: boolean; mode: TemplateDialogMode; seq?: number; onClose(): void }) {
  const { t } = useTranslation('corp-loyalty');
  const text = useLoyaltyText();
  const formats = useFormats();
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

  // ALP09 on a row says why: what that milestone pays against what the one before paid just below its
  // target, a cap above its own target spend, or a rate or cap not above the earlier one of its kind.
  const currency = Number(useWatch({ control, name: 'currencyConfig' }) || 0);
  const milestoneText = (message: string | undefined, label: string) => {
    const { key, params } = parseMsg(message ?? '');
    if (key === TemplateCode.InvalidRateOrCap && params.pays !== undefined && params.paidBelow !== undefined)
      return t('template.pays-less', {
        pays: formats.money(Number(params.pays), currency),
        paidBelow: formats.money(Number(params.paidBelow), currency),
      });
    if (key === TemplateCode.InvalidRateOrCap && params.reason === 'cap-above-target') return t('template.cap-above-target');
    if (key === TemplateCode.InvalidRateOrCap && params.reason === 'not-increasing')
      return t(params.kind === 'cap' ? 'template.cap-not-increasing' : 'template.rate-not-increasing', {
        n: params.previousMilestone,
        previous: params.kind === 'cap' ? formats.money(Number(params.previous), currency) : formats.rate(Number(params.previous)),
      });
    return text(message, label);
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
              <Controller
                name="loyaltyProgramName"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...textFieldProps(field)}
                    label={t('template.name')}
                    required
                    autoFocus={!readOnly}
                    disabled={readOnly}
                    error={!!fieldState.error}
                    helperText={
                      fieldState.error
                        ? text(fieldState.error.message, t('template.name'))
                        : t('template.name-help', { max: TEMPLATE_NAME_MAX })
                    }
                    slotProps={{ htmlInput: { maxLength: TEMPLATE_NAME_MAX } }}
                  />
                )}
              />
              <Controller
                name="currencyConfig"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...textFieldProps(field)}
                    select
                    label={t('template.currency-config')}
                    required
                    disabled={readOnly}
                    error={!!fieldState.error}
                    helperText={fieldState.error ? text(fieldState.error.message, t('template.currency-config')) : undefined}
                  >
                    <MenuItem value="0">{t('currency-config.0')}</MenuItem>
                    <MenuItem value="1">{t('currency-config.1')}</MenuItem>
                  </TextField>
                )}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <Controller
                  name="bundleSeq"
                  control={control}
                  render={({ field, fieldState }) => (
                    <TextField
                      {...textFieldProps(field)}
                      select
                      fullWidth
                      label={t('template.bundle')}
                      disabled={readOnly}
                      error={!!fieldState.error}
                      helperText={fieldState.error ? text(fieldState.error.message, t('template.bundle')) : t('template.bundle-help')}
                    >
                      <MenuItem value="">{t('template.no-bundle')}</MenuItem>
                      {bundleOptions.map((b) => (
                        <MenuItem key={b.id} value={String(b.id)}>
                          {b.name}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
                <Controller
                  name="bundleType"
                  control={control}
                  render={({ field, fieldState }) => (
                    <TextField
                      {...textFieldProps(field)}
                      select
                      fullWidth
                      label={t('template.bundle-type')}
                      disabled={readOnly}
                      error={!!fieldState.error}
                      helperText={fieldState.error ? text(fieldState.error.message, t('template.bundle-type')) : undefined}
                    >
                      <MenuItem value="">{t('template.no-bundle-type')}</MenuItem>
                      {BUNDLE_TYPES.map((b) => (
                        <MenuItem key={b} value={b}>
                          {t(`bundle-type.${b}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Stack>

              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
                  {t('template.milestones')}
                </Typography>
                <Stack spacing={2}>
                  {milestones.fields.map((row, i) => (
                    <Stack
                      key={row.id}
                      direction={{ xs: 'column', sm: 'row' }}
                      spacing={1}
                      sx={{ alignItems: { sm: 'flex-start' } }}
                      role="group"
                      aria-label={t('template.milestone-n', { n: i + 1 })}
                    >
                      <Typography sx={{ pt: { sm: 2 }, minWidth: 32 }} aria-hidden>
                        {i + 1}.
                      </Typography>
                      <Controller
                        name={`milestones.${i}.isCap`}
                        control={control}
                        render={({ field }) => (
                          <FormControlLabel
                            sx={{ pt: { sm: 1 }, minWidth: 90 }}
                            control={
                              <Checkbox
                                checked={field.value}
                                disabled={readOnly}
                                onChange={(e) => {
                                  field.onChange(e.target.checked);
                                  // Switching the type clears the other value (section 4).
                                  setValue(`milestones.${i}.${e.target.checked ? 'rate' : 'cap'}`, '');
                                }}
                              />
                            }
                            label={t('template.is-cap')}
                          />
                        )}
                      />
                      <Controller
                        name={`milestones.${i}.isCap`}
                        control={control}
                        render={({ field: { value: isCap } }) =>
                          isCap ? (
                            <Controller
                              name={`milestones.${i}.cap`}
                              control={control}
                              render={({ field, fieldState }) => (
                                <TextField
                                  {...textFieldProps(field)}
                                  label={t('template.cap')}
                                  required
                                  disabled={readOnly}
                                  onChange={(e) => MONEY_INPUT_PATTERN.test(e.target.value) && field.onChange(e.target.value)}
                                  onBlur={() => {
                                    field.onChange(twoDecimals(getValues(`milestones.${i}.cap`)));
                                    field.onBlur();
                                  }}
                                  error={!!fieldState.error}
                                  helperText={fieldState.error ? milestoneText(fieldState.error.message, t('template.cap')) : undefined}
                                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                                />
                              )}
                            />
                          ) : (
                            <Controller
                              name={`milestones.${i}.rate`}
                              control={control}
                              render={({ field, fieldState }) => (
                                <TextField
                                  {...textFieldProps(field)}
                                  label={t('template.rate')}
                                  required
                                  disabled={readOnly}
                                  onChange={(e) => RATE_INPUT_PATTERN.test(e.target.value) && field.onChange(e.target.value)}
                                  error={!!fieldState.error}
                                  helperText={fieldState.error ? milestoneText(fieldState.error.message, t('template.rate')) : undefined}
                                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                                />
                              )}
                            />
                          )
                        }
                      />
                      <Controller
                        name={`milestones.${i}.amount`}
                        control={control}
                        render={({ field, fieldState }) => (
                          <TextField
                            {...textFieldProps(field)}
                            label={t('template.target-spend')}
                            required
                            disabled={readOnly}
                            onChange={(e) => MONEY_INPUT_PATTERN.test(e.target.value) && field.onChange(e.target.value)}
                            onBlur={() => {
                              field.onChange(twoDecimals(getValues(`milestones.${i}.amount`)));
                              field.onBlur();
                            }}
                            error={!!fieldState.error}
                            helperText={fieldState.error ? text(fieldState.error.message, t('template.target-spend')) : undefined}
                            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                          />
                        )}
                      />
                      {!readOnly && (
                        <IconButton
                          aria-label={t('template.remove-milestone', { n: i + 1 })}
                          disabled={milestones.fields.length <= 1}
                          onClick={() => milestones.remove(i)}
                          sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' }, mt: { sm: 1 } }}
                        >
                          <DeleteIcon />
                        </IconButton>
                      )}
                    </Stack>
                  ))}
                </Stack>
                {!readOnly && (
                  <Button
                    sx={{ mt: 1 }}
                    startIcon={<AddIcon />}
                    disabled={milestones.fields.length >= MAX_MILESTONES}
                    onClick={() => milestones.append(emptyMilestone())}
                  >
                    {t('template.add-milestone')}
                  </Button>
                )}
              </Box>
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t(readOnly ? 'actions.close' : 'actions.cancel')}</Button>
          {!readOnly && (
            <Button type="submit" variant="contained" disabled={add.isPending || save.isPending || loading}>
              {t(mode === 'edit' ? 'actions.save' : 'template.add-submit')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
