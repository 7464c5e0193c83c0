import { rowMessageSchema, rowMessageText, type RowMessage } from '@fc/contract/files';
import i18n, { contractLanguage, translateValidation, uploadRefusalText } from './i18n';

// Apart from i18n.ts, which every page loads: a row message is checked with its zod schema, which the
// landing page and a list's first frame do not load (decision 0950).

/** Validation codes whose text needs nothing but the field's name. */
const FIELD_CODES = new Set(['required', 'invalid', 'integer', 'numeric', 'decimal', 'email', 'phone', 'zipCode', 'past-date']);

/** A message key as the contract writes it (`invalid`, `invalid|field=enrolled`), not a sentence. */
const RAW_KEY = /^[A-Za-z][\w-]*(\|\S*)?$/;

interface ServerError {
  code?: string;
  detail?: string;
  title?: string;
  source?: { pointer?: string; parameter?: string };
  meta?: Record<string, unknown>;
}

/**
 * The text of a server error for a person, in the interface language, never the server's English `detail`
 * (decision 0410): a row's reason (`meta.reason`, a row message of the contract) in this language; a
 * validation code (`invalid`, `required`, ...) with the field it names; a code of the message catalogue
 * (`common:messages`), of the upload checks (`common:upload.errors`) or of `validation`; a detail that is a
 * raw message key (`invalid|field=enrolled`) translated too; otherwise `fallback` (the generic error when empty).
 */
export function readableDetail(error: ServerError | undefined, fallback: string): string {
  const lang = contractLanguage(i18n.language);
  const reason = rowMessageSchema.safeParse(error?.meta?.reason);
  if (reason.success) return rowMessageText(lang, reason.data as RowMessage);
  const code = error?.code;
  const where = error?.source?.pointer ?? error?.source?.parameter;
  const field = where?.replace(/^\//, '').split(/[/.]/).pop();
  if (code && FIELD_CODES.has(code) && field) return translateValidation(msgOf(code, field));
  if (code && i18n.exists(`common:messages.${code}`)) return i18n.t(`common:messages.${code}`);
  if (code && i18n.exists(`common:upload.errors.${code}`))
    return uploadRefusalText(code, error?.meta) ?? i18n.t(`common:upload.errors.${code}`);
  if (code && i18n.exists(`validation:${code}`)) return translateValidation(field ? msgOf(code, field) : code);
  const detail = error?.detail;
  if (detail && RAW_KEY.test(detail)) return translateValidation(detail);
  return fallback || i18n.t('common:errors.generic');
}

const msgOf = (key: string, field: string) => `${key}|field=${field}`;
