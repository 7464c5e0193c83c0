import { type ReactNode } from 'react';
import { Checkbox, FormControlLabel, Grid, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form-fields';
import { CUSTOMER_MAX, type CreateCustomer, type CustomerField, type CustomerForm, type Option } from '@fc/contract/customers';
import { type OptionItem } from '../api/get-customer-options';
import { useFieldMessage } from '@/lib/use-field-message';

/**
 * Option lists whose labels are data (customer and employee names, states, programs, numbers of days), shown as
 * the server sends them. Every other list's values are codes whose labels are this app's own texts
 * (customers:options.<field>.<value>, the server's label when a value has none).
 */
const DATA_LABELS = new Set(['link_cust_no', 'request_rep', 'state', 'program', 'pay_days', 'trx_grace_days', 'late_grace_days']);

/** The server's list narrowed to the values a contract rule allows (in the rule's order). */
export function allowed(items: OptionItem[] | undefined, rule: readonly Option[]): OptionItem[] {
  const byValue = new Map((items ?? []).map((o) => [o.value, o]));
  return rule.map((o) => byValue.get(o.value) ?? o);
}

/**
 * The fields of the Create customer form, each in its grid cell: a text box, a list (the server's options,
 * labels translated where this app has them) or a check box, named and labelled as the contract names them,
 * with the contract's message under it.
 */
export function useCustomerFields(control: Control<CustomerForm, unknown, CreateCustomer>) {
  const { t } = useTranslation('customers');
  const fieldMessage = useFieldMessage('customers');
  const label = (f: CustomerField) => t(`create.fields.${f}`);
  const optionLabel = (f: string, o: OptionItem) =>
    DATA_LABELS.has(f) ? o.label : t(`options.${f}.${o.value}`, { defaultValue: o.label });

  const text = (
    f: CustomerField,
    opts: {
      required?: boolean;
      maxLength?: number;
      inputMode?: 'numeric' | 'decimal' | 'tel' | 'email';
      type?: string;
      size?: number;
    } = {},
  ) => (
    <Grid size={{ xs: 12, sm: opts.size ?? 6, md: opts.size ? Math.min(12, opts.size) : 4 }}>
      <FormTextField
        name={f}
        control={control}
        message={fieldMessage}
        label={label(f)}
        required={opts.required}
        fullWidth
        type={opts.type ?? 'text'}
        slotProps={{
          htmlInput: { maxLength: opts.maxLength ?? (CUSTOMER_MAX as Record<string, number>)[f], inputMode: opts.inputMode },
        }}
      />
    </Grid>
  );

  const choice = (
    f: CustomerField,
    items: OptionItem[],
    opts: {
      required?: boolean;
      disabled?: boolean;
      onPick?: (value: number | string | null) => void;
      numeric?: boolean;
    } = {},
  ) => (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Controller
        name={f}
        control={control}
        render={({ field, fieldState }) => {
          const numeric = opts.numeric ?? true;
          const value = field.value === null || field.value === undefined ? '' : String(field.value as string | number);
          // A disabled list still shows the value the rules set (funding none).
          const shown =
            opts.disabled && value !== '' && !items.some((o) => String(o.value) === value)
              ? [...items, { value: field.value as number, label: String(field.value) }]
              : items;
          return (
            <TextField
              select
              name={field.name}
              inputRef={field.ref}
              onBlur={field.onBlur}
              value={value}
              onChange={(e) => {
                const raw = e.target.value;
                const next = raw === '' ? null : numeric ? Number(raw) : raw;
                if (opts.onPick) opts.onPick(next);
                else field.onChange(numeric ? next : (next ?? ''));
              }}
              label={label(f)}
              required={opts.required}
              disabled={opts.disabled}
              fullWidth
              error={!!fieldState.error}
              helperText={fieldMessage(fieldState.error?.message, label(f))}
              slotProps={{
                select: { displayEmpty: true, MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } },
                inputLabel: { shrink: true },
              }}
            >
              <MenuItem value="">{t('create.select-one')}</MenuItem>
              {shown.map((o) => (
                <MenuItem key={String(o.value)} value={String(o.value)}>
                  {optionLabel(f === 'all_makes_price_level' ? 'price_level' : f, o)}
                </MenuItem>
              ))}
            </TextField>
          );
        }}
      />
    </Grid>
  );

  const check = (f: CustomerField, opts: { disabled?: boolean } = {}) => (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Controller
        name={f}
        control={control}
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                checked={!!field.value}
                onChange={(e) => field.onChange(e.target.checked)}
                disabled={opts.disabled}
                slotProps={{ input: { name: field.name, ref: field.ref } }}
              />
            }
            label={label(f)}
          />
        )}
      />
    </Grid>
  );

  return { label, fieldMessage, text, choice, check };
}

/** A titled part of the form (customer, billing, bank, address), its fields in a grid. */
export function Section({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 1.5, sm: 2.5 }, mb: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: note ? 0.5 : 2 }}>
        {title}
      </Typography>
      {note && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {note}
        </Typography>
      )}
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Paper>
  );
}
