import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { parseMsg } from '@fc/contract';
import { translateValidation } from '@/lib/i18n';

/**
 * The text of a contract validation message or error code for a field: the feature's own keys (its
 * `validation.*` in namespace `ns`: patterns, codes such as AEP.. and AET..) first, the rest from the
 * `validation` namespace. `codes` names the feature's key of a code (TAX_CODE_MESSAGES); a message of the
 * feature without a field label names "this field" in the feature's words when it has them.
 */
export function useFieldMessage(ns: string, codes?: Readonly<Record<string, { key: string } | undefined>>) {
  const { t, i18n } = useTranslation(ns);
  return useCallback(
    (message: string | undefined, fieldLabel?: string): string => {
      if (!message) return '';
      const { key: raw, params } = parseMsg(message);
      const key = codes?.[raw]?.key ?? raw;
      if (i18n.exists(`${ns}:validation.${key}`)) {
        const field = fieldLabel ?? (i18n.exists(`${ns}:validation.this-field`) ? t('validation.this-field') : '');
        return t(`validation.${key}`, { ...params, field });
      }
      return translateValidation(key === raw ? message : key, fieldLabel);
    },
    [t, i18n, ns, codes],
  );
}
