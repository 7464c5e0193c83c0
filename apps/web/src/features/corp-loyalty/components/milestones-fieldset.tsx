import { Box, Button, Checkbox, FormControlLabel, IconButton, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { textFieldProps } from '@/lib/field-props';
import { parseMsg } from '@fc/contract';
import {
  emptyMilestone,
  MAX_MILESTONES,
  MONEY_INPUT_PATTERN,
  RATE_INPUT_PATTERN,
  TemplateCode,
  type TemplateForm,
} from '@fc/contract/loyalty';
import { useFormats, useLoyaltyText } from './use-loyalty-text';
import type { Control, UseFieldArrayReturn, UseFormGetValues, UseFormSetValue } from 'react-hook-form';

/** Two decimals shown once the field is left (the two-decimal mask of section 5). */
const twoDecimals = (v: string) => (v.trim() === '' || Number.isNaN(Number(v)) ? v : Number(v).toFixed(2));

/**
 * The milestones of a programme template (LOY-14, LOY-15): per row a cap or a rate, the target
 * spend, and the button that removes it; up to MAX_MILESTONES rows.
 */
export function MilestonesFieldset({
  control,
  setValue,
  getValues,
  milestones,
  readOnly,
}: {
  control: Control<TemplateForm>;
  setValue: UseFormSetValue<TemplateForm>;
  getValues: UseFormGetValues<TemplateForm>;
  milestones: UseFieldArrayReturn<TemplateForm, 'milestones'>;
  readOnly: boolean;
}) {
  const { t } = useTranslation('corp-loyalty');
  const text = useLoyaltyText();
  const formats = useFormats();
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

  return (
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
  );
}
