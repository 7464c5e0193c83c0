import { useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Grid,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  applyBillCycleChange,
  applyCountryChange,
  applyProgramChange,
  applyPromoChange,
  applyReceivableChange,
  billCycleOptions,
  clearCurrencyAndCountry,
  COUNTRIES,
  createCustomerSchema,
  currencyMismatch,
  CUSTOMER_MAX,
  customerDefaults,
  fundingOptions,
  isBankRequired,
  isCentralizedDisabled,
  isExpressMailIdRequired,
  isFundingDisabled,
  isFundingRequired,
  payDayOptions,
  priceLevelOptions,
  promoOptions,
  receivableOptions,
  type CreateCustomer,
  type CustomerField,
  type CustomerForm,
  type Option,
} from '@fc/contract/customers';
import { DraftPrompt } from '@/components/draft-prompt';
import { applyServerErrors, errorField } from '@/lib/server-errors';
import { useDraft } from '@/lib/use-draft';
import { useCreateCustomer } from '../api/create-customer';
import { useCustomerOptions, type OptionItem } from '../api/get-customer-options';
import { LinkCustomerField } from './link-customer-field';
import { useFieldMessage } from '@/lib/use-field-message';
import { textFieldProps } from '@/lib/field-props';

/** Option lists whose labels this app translates (customers:options.<field>.<value>). */
const TRANSLATED = new Set([
  'currency',
  'promo_type',
  'receivable_type',
  'funding_cycle',
  'price_level',
  'all_makes_price_level',
  'bill_cycle',
  'payment_type',
  'bank_acct_type',
  'language',
  'purchase_type',
  'sub_group_key',
  'address_type',
  'country',
  'express_mail_type',
]);

const FIELDS = Object.keys(customerDefaults()) as CustomerField[];

/** The server's list narrowed to the values a contract rule allows (in the rule's order). */
function allowed(items: OptionItem[] | undefined, rule: readonly Option[]): OptionItem[] {
  const byValue = new Map((items ?? []).map((o) => [o.value, o]));
  return rule.map((o) => byValue.get(o.value) ?? o);
}

/**
 * Create customer (document 2 sections 2 to 5): every field of the create payload, the defaults, the effects
 * of programme, promo and receivable changes, the filtered lists, and the conditional rules, all from the
 * contract's pure functions and schema, which the server applies again.
 */
export default function CustomerCreatePage() {
  const { t } = useTranslation('customers');
  const fieldMessage = useFieldMessage('customers');
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const create = useCreateCustomer();
  const reps = useCustomerOptions('credit_rep');
  const address = useCustomerOptions('address');
  const billing = useCustomerOptions('billing');
  const customer = useCustomerOptions('customer');
  const [mismatch, setMismatch] = useState(false);

  const { control, getValues, setValue, handleSubmit, setError, reset, formState } = useForm<CustomerForm, unknown, CreateCustomer>({
    resolver: zodResolver(createCustomerSchema) as never,
    defaultValues: customerDefaults(),
    mode: 'onTouched',
  });
  // Kept when the session times out (docs/decisions/0011); bank numbers are never written to the browser's storage.
  const { isDirty } = formState;
  const { pathname } = useLocation();
  const { draft, discard } = useDraft<CustomerForm>({
    values: () => (isDirty ? getValues() : null),
    exclude: ['bank_acct_number', 'bank_aba_number'],
    page: pathname,
  });
  const v = useWatch({ control }) as CustomerForm;

  /** Writes a whole new form state from a contract transition, field by field. */
  const applyAll = (next: CustomerForm) => {
    for (const k of FIELDS)
      if (next[k] !== getValues(k)) setValue(k, next[k] as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };
  const checkMismatch = () => {
    const f = getValues();
    if (currencyMismatch(f.currency, f.country)) setMismatch(true);
  };

  const fail = () =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('MESSAGE', 'create-customer');
        return next;
      },
      { replace: true },
    );

  const onSubmit = handleSubmit(async (body) => {
    try {
      const result = await create.mutateAsync(body);
      if (result?.status === 'success') {
        discard();
        window.location.assign('/cgi-bin/ui/customer_maintenance.cgi');
        return;
      }
      fail();
    } catch (err) {
      applyServerErrors(setError, err, {
        field: (e) => (FIELDS.includes(errorField(e) as CustomerField) ? (errorField(e) as CustomerField) : undefined),
        message: (e) => (e.code === 'maxLength' ? 'invalid' : e.code),
      });
      fail();
    }
  });

  const label = (f: CustomerField) => t(`create.fields.${f}`);
  const optionLabel = (f: string, o: OptionItem) => (TRANSLATED.has(f) ? t(`options.${f}.${o.value}`, { defaultValue: o.label }) : o.label);

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
      <Controller
        name={f}
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...textFieldProps(field)}
            value={(field.value as string | null) ?? ''}
            label={label(f)}
            required={opts.required}
            fullWidth
            type={opts.type ?? 'text'}
            error={!!fieldState.error}
            helperText={fieldMessage(fieldState.error?.message, label(f))}
            slotProps={{
              htmlInput: { maxLength: opts.maxLength ?? (CUSTOMER_MAX as Record<string, number>)[f], inputMode: opts.inputMode },
            }}
          />
        )}
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

  const b = billing.data ?? {};
  const a = address.data ?? {};
  const c = customer.data ?? {};
  const iso = COUNTRIES.find((x) => x.value === v.country)?.iso;
  const states = iso ? (a.state ?? []).filter((s) => s.country === iso) : [];
  const fundingDisabled = isFundingDisabled(v.receivable_type);
  const bankRequired = isBankRequired(v.payment_type);

  return (
    <Box component="form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('create.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('create.intro')}
      </Typography>
      {draft && (
        <DraftPrompt
          onRestore={() => {
            reset({ ...customerDefaults(), ...draft }, { keepDefaultValues: true });
            discard();
          }}
          onDiscard={discard}
        />
      )}

      <Section title={t('create.sections.customer')}>
        {text('cust_name', { required: true })}
        {text('dba')}
        {choice('program', c.program ?? [], {
          required: true,
          onPick: (p) => applyAll(applyProgramChange(getValues(), p as number | null)),
        })}
        {choice('language', c.language ?? [], { required: true })}
        {choice('currency', b.currency ?? [], {
          required: true,
          onPick: (cur) => {
            setValue('currency', cur as number | null, { shouldDirty: true, shouldValidate: formState.isSubmitted });
            checkMismatch();
          },
        })}
        {text('buying_group')}
        {choice('purchase_type', c.purchase_type ?? [])}
        {choice('sub_group_key', c.sub_group_key ?? [], { required: true })}
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <Controller
            name="link_cust_no"
            control={control}
            render={({ field, fieldState }) => (
              <LinkCustomerField
                value={field.value as number | null}
                onChange={(next) => field.onChange(next)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                label={label('link_cust_no')}
                error={!!fieldState.error}
                helperText={fieldState.error ? fieldMessage(fieldState.error.message, label('link_cust_no')) : undefined}
              />
            )}
          />
        </Grid>
        {choice('request_rep', reps.data?.request_rep ?? [], { numeric: false })}
        {check('test')}
      </Section>

      <Section title={t('create.sections.billing')}>
        {choice('promo_type', allowed(b.promo_type, promoOptions(v.program)), {
          required: true,
          onPick: (p) => applyAll(applyPromoChange(getValues(), p as number | null)),
        })}
        {choice('receivable_type', allowed(b.receivable_type, receivableOptions(v.promo_type)), {
          required: true,
          onPick: (r) => applyAll(applyReceivableChange(getValues(), r as number | null)),
        })}
        {choice(
          'funding_cycle',
          fundingDisabled ? allowed(b.funding_cycle, [{ value: 0, label: 'None' }]) : allowed(b.funding_cycle, fundingOptions()),
          {
            required: isFundingRequired(v.receivable_type),
            disabled: fundingDisabled,
          },
        )}
        {choice('price_level', allowed(b.price_level, priceLevelOptions()), { required: true })}
        {choice('all_makes_price_level', allowed(b.all_makes_price_level, priceLevelOptions()), { required: true })}
        {choice('bill_cycle', allowed(b.bill_cycle, billCycleOptions(v.receivable_type)), {
          required: true,
          onPick: (bc) => applyAll(applyBillCycleChange(getValues(), bc as number | null)),
        })}
        {choice('pay_days', allowed(b.pay_days, payDayOptions(v.receivable_type, v.bill_cycle, v.pay_days)), { required: true })}
        {choice('trx_grace_days', b.trx_grace_days ?? [], { required: true })}
        {choice('late_grace_days', b.late_grace_days ?? [], { required: true })}
        {choice('payment_type', b.payment_type ?? [], { required: true })}
        {text('limit', { required: true, inputMode: 'decimal' })}
        {text('force_man_auth_amt', { inputMode: 'decimal', maxLength: CUSTOMER_MAX.force_man_auth_amt - 1 })}
        {check('centralized', { disabled: isCentralizedDisabled(v.promo_type, v.receivable_type) })}
        {check('credit_flag')}
        {check('competitive_advantage')}
        {check('charge_lates')}
        {check('one_yr_promo')}
        {check('loyalty_card', { disabled: true })}
      </Section>

      <Section title={t('create.sections.bank')} note={bankRequired ? t('create.bank-required') : t('create.bank-optional')}>
        {choice('bank_acct_type', b.bank_acct_type ?? [])}
        {text('bank_aba_number', { required: bankRequired, inputMode: 'numeric' })}
        {text('bank_acct_number', { required: bankRequired, inputMode: 'numeric' })}
        {text('bank_name', { required: bankRequired })}
        {text('bank_account_name', { required: bankRequired })}
      </Section>

      <Section title={t('create.sections.address')}>
        {choice('address_type', a.address_type ?? [], { required: true })}
        {text('name', { required: true })}
        {text('contact', { required: true })}
        {text('address_1', { required: true })}
        {text('address_2')}
        {text('city', { required: true })}
        {choice('country', a.country ?? [], {
          required: true,
          onPick: (country) => {
            applyAll(applyCountryChange(getValues(), country as number | null));
            checkMismatch();
          },
        })}
        {choice('state', states, { required: true, numeric: false, disabled: v.country === null })}
        {text('zip', { required: true })}
        {text('phone', { required: true, type: 'tel', inputMode: 'tel' })}
        {text('fax', { type: 'tel', inputMode: 'tel' })}
        {text('email', { type: 'email', inputMode: 'email' })}
        {choice('express_mail_type', a.express_mail_type ?? [], { required: true })}
        {text('express_mail_id', { required: isExpressMailIdRequired(v.express_mail_type) })}
      </Section>

      <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button variant="outlined" onClick={() => void navigate(-1)}>
          {t('create.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={create.isPending || formState.isSubmitting}>
          {t('create.submit')}
        </Button>
      </Stack>

      <MismatchDialog
        open={mismatch}
        control={control}
        onOkay={() => setMismatch(false)}
        onCancel={() => {
          applyAll(clearCurrencyAndCountry(getValues()));
          setMismatch(false);
        }}
      />
    </Box>
  );
}

function Section({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
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

/** Currency and country do not match (document 2 section 5): okay keeps both, cancel clears both. */
function MismatchDialog({
  open,
  control,
  onOkay,
  onCancel,
}: {
  open: boolean;
  control: Control<CustomerForm, unknown, CreateCustomer>;
  onOkay(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('customers');
  const currency = useWatch({ control, name: 'currency' });
  const country = useWatch({ control, name: 'country' });
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="mismatch-title">
      <DialogTitle id="mismatch-title">{t('create.mismatch.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t('create.mismatch.text', {
            currency: currency === null ? '' : t(`options.currency.${currency}`),
            country: country === null ? '' : t(`options.country.${country}`),
          })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('create.mismatch.cancel')}</Button>
        <Button onClick={onOkay} variant="contained" autoFocus>
          {t('create.mismatch.okay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
