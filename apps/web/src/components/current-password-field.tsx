import { TextField } from '@mui/material';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_INPUT_MAX } from '@fc/contract';
import { registeredInput } from '@/lib/field-props';
import { translateValidation } from '@/lib/i18n';

/** The user's current password, asked again before a sensitive change (the step-up, turning the second factor off). */
export function CurrentPasswordField({
  label,
  error,
  registration,
}: {
  label: string;
  error?: FieldError;
  registration: UseFormRegisterReturn;
}) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="current-password"
      required
      autoFocus
      error={!!error}
      helperText={error?.message ? translateValidation(error.message) : undefined}
      slotProps={{ htmlInput: { maxLength: PASSWORD_INPUT_MAX } }}
      {...registeredInput(registration)}
    />
  );
}
