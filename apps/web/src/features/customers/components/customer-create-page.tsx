import { useState } from 'react';
import { Box, Button, Grid, Stack, Typography } from '@mui/material';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router';
import { useUrlSearchParams } from '@/lib/url-search';
import { useTranslation } from 'react-i18next';
import {
  applyCustomerChange,
  billCycleOptions,
  clearCurrencyAndCountry,
  COUNTRIES,
  createCustomerSchema,
  currencyMismatch,
  CUSTOMER_MAX,
  customerDefaults,
  customerFieldRules,
  fundingOptions,
  payDayOptions,
  priceLevelOptions,
  promoOptions,
  receivableOptions,
  type CreateCustomer,
  type CustomerTransitionField,
  type CustomerField,
  type CustomerForm,
} from '@fc/contract/customers';
import { DraftPrompt } from '@/components/draft-prompt';
import { applyServerErrors, errorField } from '@/lib/server-errors';
import { useDraft } from '@/lib/use-draft';
import { useCreateCustomer } from '../api/create-customer';
import { useCustomerOptions } from '../api/get-customer-options';
import { LinkCustomerField } from './link-customer-field';
import { allowed, Section, useCustomerFields } from './customer-form-fields';
import { MismatchDialog } from './currency-mismatch-dialog';

const FIELDS = Object.keys(customerDefaults()) as CustomerField[];

/**
 * Create customer (CUST-01 to CUST-17): every field of the create payload, the defaults, the effects
 * of programme, promo and receivable changes, the filtered lists, and the conditional rules, all from the
 * contract's pure functions and schema, which the server applies again.
 */
export default function CustomerCreatePage() {
  const { t } = useTranslation('customers');
  const navigate = useNavigate();
  const [, setParams] = useUrlSearchParams();
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
  /** A choice that changes other fields (the contract's transitions): the whole form follows it. */
  const pick = (field: CustomerTransitionField) => (value: number | string | null) =>
    applyAll(applyCustomerChange(getValues(), field, value as number | null));
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

  const { label, fieldMessage, text, choice, check } = useCustomerFields(control);

  const b = billing.data ?? {};
  const a = address.data ?? {};
  const c = customer.data ?? {};
  const iso = COUNTRIES.find((x) => x.value === v.country)?.iso;
  const states = iso ? (a.state ?? []).filter((s) => s.country === iso) : [];
  const { fundingDisabled, fundingRequired, centralizedDisabled, bankRequired, expressMailIdRequired } = customerFieldRules(v);

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
          onPick: pick('program'),
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
          onPick: pick('promo_type'),
        })}
        {choice('receivable_type', allowed(b.receivable_type, receivableOptions(v.promo_type)), {
          required: true,
          onPick: pick('receivable_type'),
        })}
        {choice(
          'funding_cycle',
          fundingDisabled ? allowed(b.funding_cycle, [{ value: 0, label: 'None' }]) : allowed(b.funding_cycle, fundingOptions()),
          {
            required: fundingRequired,
            disabled: fundingDisabled,
          },
        )}
        {choice('price_level', allowed(b.price_level, priceLevelOptions()), { required: true })}
        {choice('all_makes_price_level', allowed(b.all_makes_price_level, priceLevelOptions()), { required: true })}
        {choice('bill_cycle', allowed(b.bill_cycle, billCycleOptions(v.receivable_type)), {
          required: true,
          onPick: pick('bill_cycle'),
        })}
        {choice('pay_days', allowed(b.pay_days, payDayOptions(v.receivable_type, v.bill_cycle, v.pay_days)), { required: true })}
        {choice('trx_grace_days', b.trx_grace_days ?? [], { required: true })}
        {choice('late_grace_days', b.late_grace_days ?? [], { required: true })}
        {choice('payment_type', b.payment_type ?? [], { required: true })}
        {text('limit', { required: true, inputMode: 'decimal' })}
        {text('force_man_auth_amt', { inputMode: 'decimal', maxLength: CUSTOMER_MAX.force_man_auth_amt - 1 })}
        {check('centralized', { disabled: centralizedDisabled })}
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
            pick('country')(country);
            checkMismatch();
          },
        })}
        {choice('state', states, { required: true, numeric: false, disabled: v.country === null })}
        {text('zip', { required: true })}
        {text('phone', { required: true, type: 'tel', inputMode: 'tel' })}
        {text('fax', { type: 'tel', inputMode: 'tel' })}
        {text('email', { type: 'email', inputMode: 'email' })}
        {choice('express_mail_type', a.express_mail_type ?? [], { required: true })}
        {text('express_mail_id', { required: expressMailIdRequired })}
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
