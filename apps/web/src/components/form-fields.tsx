import type { ReactNode } from 'react';
import { TextField, type TextFieldProps } from '@mui/material';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { textFieldProps } from '@/lib/field-props';
import { DateInputField } from './date-input-field';

/** A field's error message in the feature's words (useFieldMessage, useLoyaltyText): the message and the field's label. */
export type FieldMessage = (message: string | undefined, fieldLabel: string) => string;

interface FormFieldProps<T extends FieldValues, TT extends FieldValues> {
  name: FieldPath<T>;
  /** The form's control; `TT` is what its resolver makes of the values (react-hook-form's transformed values). */
  control: Control<T, unknown, TT>;
  label: string;
  message: FieldMessage;
  /** Said under the field while it has no error. */
  help?: ReactNode;
}

/**
 * A MUI TextField bound to a form field (react-hook-form): its error in the feature's words, else its help.
 * The other props (select, required, disabled, children...) go to the TextField.
 */
export function FormTextField<T extends FieldValues, TT extends FieldValues = T>({
  name,
  control,
  label,
  message,
  help,
  ...props
}: FormFieldProps<T, TT> & Omit<TextFieldProps, 'name' | 'label' | 'error' | 'helperText'>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...textFieldProps(field)}
          // A field the server sends as null shows empty rather than turning the box uncontrolled.
          value={field.value ?? ''}
          {...props}
          label={label}
          error={!!fieldState.error}
          helperText={fieldState.error ? message(fieldState.error.message, label) : help}
        />
      )}
    />
  );
}

/** A DateInputField (MM/DD/YYYY) bound to a form field: its error in the feature's words, else the date's mask. */
export function FormDateField<T extends FieldValues, TT extends FieldValues = T>({
  name,
  control,
  label,
  message,
  required,
}: Omit<FormFieldProps<T, TT>, 'help'> & { required?: boolean }) {
  const { t } = useTranslation();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <DateInputField
          name={name}
          label={label}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          required={required}
          error={!!fieldState.error}
          helperText={fieldState.error ? message(fieldState.error.message, label) : t('date-input.mask')}
        />
      )}
    />
  );
}
