import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@fc/contract';
import { FileMessageCode, REJECTS_LISTED, rowMessageText, type FileMessage, type RowMessage } from '@fc/contract/files';
import type { ApiError } from '@/lib/api-client';

const KNOWN = new Set<string>(Object.values(FileMessageCode));

/**
 * Texts of inbound files in the reader's language: a file's message from its code and values (the server's
 * English sentence only for a message that has no code), and the refusal of an upload from its error code.
 */
export function useFileMessages() {
  const { t, i18n } = useTranslation('files');
  const { t: tc } = useTranslation('common');
  const lang: Language = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en-us';
  const number = new Intl.NumberFormat(lang);

  const fileMessage = (code: string | null | undefined, values: FileMessage['values'] | null | undefined, fallback: string | null) => {
    if (!code || !KNOWN.has(code)) return fallback ?? '';
    const v = values ?? {};
    const shown: Record<string, string> = {};
    for (const [k, x] of Object.entries(v))
      if (typeof x === 'number' || typeof x === 'string') shown[k] = typeof x === 'number' ? number.format(x) : x;
    switch (code as FileMessageCode) {
      case FileMessageCode.CsvUnreadable:
        return v.line === undefined ? t('message.csv-unreadable-anywhere') : t('message.csv-unreadable', shown);
      case FileMessageCode.WrongKind:
        return t('message.wrong-kind', {
          kind: t(`file-status.kind.${shown.kind}`, { defaultValue: shown.kind }),
          expected: t(`file-status.kind.${shown.expected}`, { defaultValue: shown.expected }),
        });
      case FileMessageCode.TransactionsSummary: {
        const rejects = Array.isArray(v.rejects) ? (v.rejects as RowMessage[]) : [];
        const listed = rejects.map((r) => rowMessageText(lang, r)).join('; ');
        const more = Number(v.rejected) > REJECTS_LISTED ? '; …' : '';
        return [t('message.transactions-summary', shown), listed && `${listed}${more}`].filter(Boolean).join(' ');
      }
      case FileMessageCode.UploadRefused:
        return t('message.upload-refused', { reason: tc(`upload.errors.${shown.reason}`, { defaultValue: fallback ?? '' }) });
      default:
        return t(`message.${code}`, shown);
    }
  };

  /**
   * The text of a refused upload by its error code: a text of the page's own form (merchant number), a
   * message of the catalogue (209, 231), else the catalogue's upload-error.
   */
  const uploadError = (err: ApiError) => {
    const code = err.code;
    if (!code) return tc('messages.upload-error');
    return t(`upload-errors.${code}`, { defaultValue: tc(`messages.${code}`, { defaultValue: tc('messages.upload-error') }) });
  };

  return { fileMessage, uploadError };
}
