import { useMemo, useState } from 'react';
import { Alert, Autocomplete, Box, Button, CircularProgress, Grid, TextField, Typography } from '@mui/material';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form-fields';
import {
  ACCOUNT_REQUEST_FIELDS,
  ACCOUNT_REQUEST_MAX,
  accountRequestSchema,
  emptyAccountRequest,
  isAccountRequestComplete,
  type AccountRequest,
  type AccountRequestField,
  type AccountRequestForm,
} from '@fc/contract/customers';
import { DraftPrompt } from '@/components/draft-prompt';
import { ApiError } from '@/lib/api-client';
import { applyServerErrors, errorField } from '@/lib/server-errors';
import { useAppConfig } from '@/lib/session/app-config';
import { useDraft } from '@/lib/use-draft';
import { useCreateAccountRequest } from '../api/create-account-request';
import { useStates } from '../api/get-states';
import { useFieldMessage } from '@/lib/use-field-message';

const AUTOCOMPLETE: Partial<Record<AccountRequestField, string>> = {
  full_name: 'name',
  job_title: 'organization-title',
  phone: 'tel-national',
  email: 'email',
  company_name: 'organization',
  address: 'address-line1',
  city: 'address-level2',
  zip: 'postal-code',
};

/**
 * The public request account form (ACCT-01, ACCT-02, ACCT-03, ACCT-04): ten required fields, the state
 * type-ahead from the server, phone and zip checked for the chosen state's country. Submit stays disabled
 * until every field holds something and while the request runs.
 */
export default function RequestPage() {
  const { t } = useTranslation('customers');
  const fieldMessage = useFieldMessage('customers');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: config } = useAppConfig();
  const { data: states = [], isLoading: statesLoading } = useStates();
  const mutation = useCreateAccountRequest();
  // Refused by the form's throttle (429): the form stays filled in, with the message above the button.
  const [throttled, setThrottled] = useState(false);
  const { control, handleSubmit, formState, getValues, reset, setError } = useForm<AccountRequestForm, unknown, AccountRequest>({
    resolver: zodResolver(accountRequestSchema),
    defaultValues: emptyAccountRequest(),
    mode: 'onTouched',
  });
  const values = useWatch({ control });
  const complete = isAccountRequestComplete(values);
  const base = pathname.replace(/\/$/, '');
  const stateByValue = useMemo(() => new Map(states.map((s) => [s.value, s])), [states]);
  const { type } = useParams();
  // Kept when the session of a signed-in user times out (docs/decisions/0011); a visitor has no session.
  const { isDirty } = formState;
  const { draft, discard } = useDraft<AccountRequestForm>({ values: () => (isDirty ? getValues() : null), page: pathname });

  const onSubmit = handleSubmit(async (body) => {
    setThrottled(false);
    try {
      const result = await mutation.mutateAsync({ ...body, account_number: String(body.account_number) });
      if (result?.status === 'success') discard();
      void navigate(result?.status === 'success' ? `${base}/success` : `${base}/failure`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) return setThrottled(true);
      // A value the server refused (a character it cannot store): shown on its field.
      const known = (name: string) => (ACCOUNT_REQUEST_FIELDS as readonly string[]).includes(name);
      if (err instanceof ApiError && err.status === 400) {
        const marked = applyServerErrors(setError, err, {
          field: (e) => (known(errorField(e)) ? (errorField(e) as AccountRequestField) : undefined),
          focus: false,
        });
        if (marked) return;
      }
      void navigate(`${base}/failure`);
    }
  });

  if (!type || !['cust', 'merc', 'corp'].includes(type)) return <Navigate to="/error-404" replace />;

  const label = (f: AccountRequestField) => t(`request.fields.${f}`);
  const text = (f: AccountRequestField, opts: { type?: string; inputMode?: 'numeric' | 'tel' | 'email' } = {}) => (
    <FormTextField
      name={f}
      control={control}
      message={fieldMessage}
      label={label(f)}
      required
      fullWidth
      type={opts.type ?? 'text'}
      autoComplete={AUTOCOMPLETE[f]}
      slotProps={{ htmlInput: { maxLength: ACCOUNT_REQUEST_MAX[f], inputMode: opts.inputMode } }}
    />
  );

  return (
    <Box component="form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('request.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('request.intro')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 3 }}>
        {t('request.support', { phone: config?.support.phone ?? '', email: config?.support.email ?? '' })}
      </Typography>
      {draft && (
        <DraftPrompt
          onRestore={() => {
            reset({ ...emptyAccountRequest(), ...draft }, { keepDefaultValues: true });
            discard();
          }}
          onDiscard={discard}
        />
      )}
      <Grid container spacing={2}>
        {ACCOUNT_REQUEST_FIELDS.map((f) => (
          <Grid key={f} size={{ xs: 12, sm: f === 'address' || f === 'email' ? 12 : 6 }}>
            {f === 'state' ? (
              <Controller
                name="state"
                control={control}
                render={({ field, fieldState }) => (
                  <Autocomplete
                    options={states}
                    loading={statesLoading}
                    value={stateByValue.get(field.value) ?? null}
                    onChange={(_e, option) => field.onChange(option?.value ?? '')}
                    onBlur={field.onBlur}
                    getOptionLabel={(o) => `${o.label} (${o.value.replace(/^BS-/, '')})`}
                    getOptionKey={(o) => o.value}
                    groupBy={(o) => t(`countries.${o.country}`)}
                    isOptionEqualToValue={(a, b) => a.value === b.value}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        name="state"
                        inputRef={field.ref}
                        label={label('state')}
                        required
                        error={!!fieldState.error}
                        helperText={fieldMessage(fieldState.error?.message, label('state'))}
                      />
                    )}
                  />
                )}
              />
            ) : (
              text(
                f,
                f === 'email'
                  ? { type: 'email', inputMode: 'email' }
                  : f === 'phone'
                    ? { type: 'tel', inputMode: 'tel' }
                    : f === 'account_number'
                      ? { inputMode: 'numeric' }
                      : {},
              )
            )}
          </Grid>
        ))}
      </Grid>
      {throttled && (
        <Alert severity="error" sx={{ mt: 3 }} role="alert">
          {t('request.too-many', { phone: config?.support.phone ?? '' })}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 3 }}
        disabled={!complete || mutation.isPending || formState.isSubmitting}
      >
        {mutation.isPending ? <CircularProgress size={22} color="inherit" aria-label={t('request.sending')} /> : t('request.submit')}
      </Button>
    </Box>
  );
}
