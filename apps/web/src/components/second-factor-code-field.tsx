import { FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { registeredInput } from '@/lib/field-props';

/**
 * A code of the second factor (issue 19): six digits from the authenticator app, typed on a phone's number
 * pad and offered by the browser from an SMS-style autofill (one-time-code), or a recovery code once the user
 * turns on "Use a recovery code". The parent keeps the switch, clears the field when it changes and checks the
 * value with the contract's secondFactorCodeRule.
 */
export function SecondFactorCodeField({
  registration,
  recovery,
  onRecoveryChange,
  error,
  autoFocus,
  allowRecovery = true,
}: {
  registration: UseFormRegisterReturn;
  recovery: boolean;
  onRecoveryChange: (recovery: boolean) => void;
  /** The translated message of the field, when it is in error. */
  error?: string;
  autoFocus?: boolean;
  /** False where only the app's code is accepted (the enrolment's first code). */
  allowRecovery?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <TextField
        key={recovery ? 'recovery' : 'code'}
        label={t(recovery ? 'second-factor.recovery-code' : 'second-factor.code')}
        required
        autoFocus={autoFocus}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        error={!!error}
        helperText={error ?? t(recovery ? 'second-factor.recovery-code-hint' : 'second-factor.code-hint')}
        slotProps={{
          htmlInput: {
            inputMode: recovery ? 'text' : 'numeric',
            maxLength: recovery ? 40 : 12,
            spellCheck: false,
            autoCapitalize: 'off',
          },
        }}
        {...registeredInput(registration)}
      />
      {allowRecovery && (
        <FormControlLabel
          control={<Switch checked={recovery} onChange={(e) => onRecoveryChange(e.target.checked)} />}
          label={t('second-factor.use-recovery-code')}
        />
      )}
    </Stack>
  );
}
