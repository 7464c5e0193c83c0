import type { ControllerRenderProps, FieldPath, FieldValues, UseFormRegisterReturn } from 'react-hook-form';

/**
 * A Controller's field for a MUI TextField: the ref goes to the input itself (`inputRef`), not to the
 * TextField's outer box, so that a failed submit moves the focus to the first field in error (react-hook-form's
 * shouldFocusError, and setError(..., { shouldFocus })) instead of leaving it on the submit button.
 */
export function textFieldProps<T extends FieldValues, N extends FieldPath<T>>(
  field: ControllerRenderProps<T, N>,
): Omit<ControllerRenderProps<T, N>, 'ref'> & { inputRef: ControllerRenderProps<T, N>['ref'] } {
  const { ref, ...rest } = field;
  return { ...rest, inputRef: ref };
}

/** register(name) for a MUI TextField: the same, the ref on the input itself (see textFieldProps). */
export function registeredInput(registration: UseFormRegisterReturn): Omit<UseFormRegisterReturn, 'ref'> & {
  inputRef: UseFormRegisterReturn['ref'];
} {
  const { ref, ...rest } = registration;
  return { ...rest, inputRef: ref };
}
