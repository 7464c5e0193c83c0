import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { parseMsg } from '@fc/contract';
import { translateValidation } from '@/lib/i18n';

/**
 * The text of a contract validation message for a field: this feature's own keys (payDays, fax, digits)
 * from the `customers` namespace, the rest from `validation`.
 */
export function useFieldMessage() {
  const { t, i18n } = useTranslation('customers');
  return useCallback(
    (message: string | undefined, fieldLabel?: string): string => {
      if (!message) return '';
      const { key, params } = parseMsg(message);
      if (i18n.exists(`customers:validation.${key}`)) return t(`validation.${key}`, { ...params, field: fieldLabel ?? '' });
      return translateValidation(message, fieldLabel);
    },
    [t, i18n],
  );
}
