import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { parseMsg } from '@fc/contract';
import { TAX_CODE_MESSAGES } from '@fc/contract/maintenance';
import { translateValidation } from '@/lib/i18n';

/**
 * The text of a validation message or error code for a field: the screen's own keys (patterns, codes
 * AEP.. and AET.. of document 2 section 8) from the `maintenance` namespace, the rest from `validation`.
 */
export function useFieldMessage() {
  const { t, i18n } = useTranslation('maintenance');
  return useCallback(
    (message: string | undefined, fieldLabel?: string): string => {
      if (!message) return '';
      const { key: raw, params } = parseMsg(message);
      const key = TAX_CODE_MESSAGES[raw]?.key ?? raw;
      if (i18n.exists(`maintenance:validation.${key}`))
        return t(`validation.${key}`, { ...params, field: fieldLabel ?? t('validation.this-field') });
      return translateValidation(key === raw ? message : key, fieldLabel);
    },
    [t, i18n],
  );
}
