import { useRef, useState } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { translateValidation } from './i18n';

/**
 * A form with a code of the second factor that the user may switch to a recovery code (decision 0700): the
 * rules follow the switch (a TOTP code, or `xxxxx-xxxxx`), and switching empties the field. Returns the
 * form and the props of its SecondFactorCodeField. Used by the profile's second-factor dialogs and by the
 * step-up check (whose form has a code only when the user has a second factor).
 */
export function useCodeOrRecoveryForm<T extends FieldValues & { code?: string }>(
  schemaOf: (recovery: boolean) => z.ZodType<T, T>,
  defaultValues: DefaultValues<T>,
) {
  const [recovery, setRecovery] = useState(false);
  // The resolver reads the switch when it runs, not when the form was made.
  const recoveryRef = useRef(false);
  const form = useForm<T>({
    resolver: (values, context, options) => zodResolver(schemaOf(recoveryRef.current))(values, context, options),
    defaultValues,
  });
  const code = 'code' as Path<T>;
  const message = (form.formState.errors as FieldErrors<{ code: string }>).code?.message;
  const codeField = {
    registration: form.register(code),
    recovery,
    onRecoveryChange: (next: boolean) => {
      recoveryRef.current = next;
      setRecovery(next);
      form.resetField(code);
    },
    error: message ? translateValidation(message) : undefined,
  };
  /** Shows the server's refusal of the code (its error code) on the code field. */
  const refuseCode = (errorCode: string | undefined) => form.setError(code, { message: errorCode ?? 'invalid' }, { shouldFocus: true });
  return { form, codeField, refuseCode };
}
