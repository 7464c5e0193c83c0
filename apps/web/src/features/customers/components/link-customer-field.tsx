import { useEffect, useState, type Ref } from 'react';
import { Autocomplete, ListItemText, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { OptionItem } from '../api/get-customer-options';
import { useLinkCustomers } from '../api/get-link-customers';

/** The wait after the last key before the server is asked. */
const SEARCH_DELAY_MS = 250;

interface LinkOption {
  value: number | null;
  label: string;
}

/** The leading '-- Select One --': no link customer. */
const NONE: LinkOption = { value: null, label: '' };

/**
 * The create form's link customer: a type-ahead searched by the server (name or number, at most 50 answers),
 * with '-- Select One --' first and each customer's number as its sublabel (CUST-03).
 */
export function LinkCustomerField({
  value,
  onChange,
  onBlur,
  inputRef,
  label,
  error,
  helperText,
}: {
  value: number | null;
  onChange(value: number | null): void;
  onBlur(): void;
  inputRef: Ref<HTMLInputElement>;
  label: string;
  error?: boolean;
  helperText?: string;
}) {
  const { t } = useTranslation('customers');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const [picked, setPicked] = useState<OptionItem | null>(null);
  const results = useLinkCustomers(search);
  // A value set without a pick (a restored draft) is looked up by its number for its name.
  const known = value === null || picked?.value === value;
  const lookup = useLinkCustomers(known ? '' : String(value), !known);
  const found = known ? undefined : lookup.data?.find((o) => o.value === value);
  const selected: LinkOption =
    value === null ? NONE : picked?.value === value ? (picked as LinkOption) : { value, label: found?.label ?? String(value) };
  const options: LinkOption[] = [NONE, ...((results.data ?? []) as LinkOption[])];

  return (
    <Autocomplete<LinkOption, false, true>
      options={options}
      value={selected}
      disableClearable
      // The server has filtered already; the browser does not filter again.
      filterOptions={(o) => o}
      onChange={(_e, option) => {
        setPicked(option.value === null ? null : (option as OptionItem));
        setTyped('');
        onChange(option.value);
      }}
      onInputChange={(_e, text, reason) => {
        if (reason === 'input') setTyped(text);
      }}
      onClose={() => setTyped('')}
      onBlur={onBlur}
      loading={results.isFetching}
      loadingText={t('create.link-loading')}
      noOptionsText={t('create.link-none')}
      getOptionLabel={(o) => (o.value === null ? '' : o.label)}
      getOptionKey={(o) => String(o.value ?? 'none')}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      renderOption={({ key, ...props }, o) => (
        <li key={key} {...props}>
          {o.value === null ? t('create.select-one') : <ListItemText primary={o.label} secondary={String(o.value)} sx={{ my: 0 }} />}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          name="link_cust_no"
          inputRef={inputRef}
          label={label}
          placeholder={t('create.select-one')}
          error={error}
          helperText={helperText ?? t('create.link-hint')}
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps?.inputLabel, shrink: true } }}
        />
      )}
    />
  );
}
