import { useTranslation } from 'react-i18next';
import { formatNumber, type Language } from '@fc/contract';
import { FileMessageCode, REJECTS_LISTED, rowMessageSchema, rowMessageText, type FileMessage, type RowMessage } from '@fc/contract/files';
import type { ApiError } from '@/lib/api-client';
import i18n, { contractLanguage, uploadRefusalText } from '@/lib/i18n';

const KNOWN = new Set<string>(Object.values(FileMessageCode));

/** A row message from the API (a row's reason) in `lang`, or undefined when it is not one the contract knows. */
export function rowMessageOf(lang: Language, raw: unknown): string | undefined {
  const parsed = rowMessageSchema.safeParse(raw);
  return parsed.success ? rowMessageText(lang, parsed.data as RowMessage) : undefined;
}

/** The rejected rows listed in a file message, each in `lang`, joined; `…` when more were rejected. */
function listedRows(lang: Language, rejects: unknown, rejected: unknown): string {
  const rows = Array.isArray(rejects) ? rejects : [];
  const listed = rows
    .map((r) => rowMessageOf(lang, r))
    .filter(Boolean)
    .join('; ');
  return listed && Number(rejected) > REJECTS_LISTED ? `${listed}; …` : listed;
}

/** A count as the server wrote it in English (1,234): a number again. */
const COUNT = /^\d{1,3}(,\d{3})*$/;

/**
 * A file message the server wrote as an English sentence only (before audit records kept its code): read
 * back to its code and values when the sentence is one of the en-us texts of files:message, undefined
 * otherwise.
 */
export function recordedFileMessage(sentence: string): FileMessage | undefined {
  const texts = (i18n.getResourceBundle('en-us', 'files') as { message?: Record<string, string> } | undefined)?.message ?? {};
  for (const [key, template] of Object.entries(texts)) {
    const code = key.replace(/_(one|many|other)$/, '');
    if (!KNOWN.has(code)) continue;
    // "{{added}} item codes added to bundle {{bundle}}." → /^(.+?) item codes added to bundle (.+?)\.$/
    const parts = template.split(/\{\{\s*(\w+)[^}]*\}\}/);
    const names = parts.filter((_, i) => i % 2 === 1);
    const source = parts.map((part, i) => (i % 2 === 1 ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
    const m = new RegExp(`^${source}$`).exec(sentence.trim());
    if (!m) continue;
    const values = Object.fromEntries(
      names.map((name, i) => [name, COUNT.test(m[i + 1]!) ? Number(m[i + 1]!.replace(/,/g, '')) : m[i + 1]!]),
    );
    return { code: code as FileMessageCode, values };
  }
  return undefined;
}

/**
 * Texts of inbound files in the reader's language: a file's message from its code and values (the server's
 * English sentence only for a message that has no code), and the refusal of an upload from its error code.
 * Used by the file pages, the core management page and the bundle import (decisions 0090 and 0410).
 */
export function useFileMessages() {
  const { t, i18n } = useTranslation('files');
  const { t: tc } = useTranslation('common');
  const lang = contractLanguage(i18n.language);

  const fileMessage = (code: string | null | undefined, values: FileMessage['values'] | null | undefined, fallback: string | null) => {
    if (!code || !KNOWN.has(code)) return fallback ?? '';
    const v = values ?? {};
    const shown: Record<string, string> = {};
    for (const [k, x] of Object.entries(v))
      if (typeof x === 'number' || typeof x === 'string') shown[k] = typeof x === 'number' ? formatNumber(x, lang) : x;
    // i18next picks the plural form from `count` (a number); the text shows the formatted values.
    const count = (name: string) => (typeof v[name] === 'number' ? v[name] : 0);
    const coreType = () => t(`core-file-type.${shown.type}`, { defaultValue: shown.type ?? '' });
    switch (code as FileMessageCode) {
      case FileMessageCode.CsvUnreadable:
        return v.line === undefined ? t('message.csv-unreadable-anywhere') : t('message.csv-unreadable', shown);
      case FileMessageCode.WrongKind:
        return t('message.wrong-kind', {
          kind: t(`file-status.kind.${shown.kind}`, { defaultValue: shown.kind }),
          expected: t(`file-status.kind.${shown.expected}`, { defaultValue: shown.expected }),
        });
      case FileMessageCode.TransactionsSummary: {
        const listed = listedRows(lang, v.rejects, v.rejected);
        return [t('message.transactions-summary', shown), listed].filter(Boolean).join(' ');
      }
      case FileMessageCode.UploadRefused:
        return t('message.upload-refused', { reason: uploadRefusalText(shown.reason, v) ?? fallback ?? '' });
      case FileMessageCode.CoreApplied:
      case FileMessageCode.CoreNothingNew:
        return t(`message.${code}`, { ...shown, type: coreType(), count: count('applied') });
      case FileMessageCode.CoreRejected:
        return t('message.core-rejected', { ...shown, type: coreType(), count: count('rejected') });
      case FileMessageCode.ItemCodesAdded:
        return t('message.item-codes-added', { ...shown, count: count('added') });
      case FileMessageCode.ItemCodesRefused: {
        const listed = listedRows(lang, v.rejects, v.refused);
        return [t('message.item-codes-refused', { ...shown, count: count('refused') }), listed].filter(Boolean).join(' ');
      }
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

  /** A message recorded as an English sentence (old audit records): in the reader's language when it reads as one of the catalogue's, else as recorded. */
  const recordedMessage = (sentence: string) => {
    const known = recordedFileMessage(sentence);
    return known ? fileMessage(known.code, known.values, sentence) : sentence;
  };

  return { fileMessage, uploadError, recordedMessage };
}
