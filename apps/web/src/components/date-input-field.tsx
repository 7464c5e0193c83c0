import { useState, type Ref } from 'react';
import { IconButton, InputAdornment, Popover, TextField } from '@mui/material';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_INPUT_MASK, mmddyyyyToYyyymmdd } from '@fc/contract';
import { PickersLocalization } from './pickers-localization';

/** Digits typed become MM/DD/YYYY: the slashes come by themselves (the date mask, rule I18N-04). */
export function maskDate(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/**
 * A date typed as MM/DD/YYYY in every language, or chosen in a calendar (month and day names in the
 * interface language) that opens on the chosen date, else on today (I18N-04, decision 0400).
 * The value stays the text typed, so the contract's schema judges it.
 */
export function DateInputField({
  label,
  value,
  onChange,
  onBlur,
  name,
  error,
  helperText,
  required,
  disabled,
  inputRef,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  name: string;
  error?: boolean;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const compact = mmddyyyyToYyyymmdd(value);
  const chosen: Dayjs | null = compact ? dayjs(`${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6)}`) : null;
  return (
    <>
      <TextField
        name={name}
        label={label}
        value={value}
        required={required}
        disabled={disabled}
        inputRef={inputRef}
        onChange={(e) => onChange(maskDate(e.target.value))}
        onBlur={onBlur}
        error={error}
        helperText={helperText}
        placeholder={t('common:date-input.mask')}
        fullWidth
        slotProps={{
          htmlInput: { inputMode: 'numeric', maxLength: 10, autoComplete: 'off' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  disabled={disabled}
                  aria-label={t('date-input.choose', { field: label })}
                  onClick={(e) => setAnchor(e.currentTarget)}
                >
                  <CalendarMonthIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <PickersLocalization>
          <DateCalendar
            value={chosen}
            referenceDate={dayjs()}
            onChange={(d: Dayjs | null) => {
              if (d?.isValid()) {
                onChange(d.format(DATE_INPUT_MASK));
                setAnchor(null);
                onBlur?.();
              }
            }}
          />
        </PickersLocalization>
      </Popover>
    </>
  );
}
