/**
 * The message catalogue (MSG-01), read from the MESSAGE query parameter.
 * `key` is the translation key under the `common` namespace; the texts live in the web app's locales.
 */
export type MessageType = 'error' | 'info';
export interface CatalogueEntry {
  code: string;
  type: MessageType;
  key: string;
}

const entry = (code: string | number, type: MessageType): CatalogueEntry => ({
  code: String(code),
  type,
  key: `messages.${code}`,
});

export const MessageCode = {
  AccountLocked: '5',
  LoginRequired: '6',
  PasswordChanged: '7',
  PasswordSameAsPrevious: '9',
  IncorrectLogin: '21',
  PasswordResetFailed: '107',
  ProgrammeUnavailable: '207',
  LackingPrivileges: '209',
  SessionCreationFailed: '211',
  SessionExpired: '213',
  DatabaseError: '215',
  LogoutError: '217',
  LoggedOut: '219',
  AdminNotAllowedHere: '225',
  AccountInfoError: '227',
  TooManyMerchantNumbers: '229',
  NoMerchantNumbers: '231',
  NotEnoughInformation: '233',
  WrongPartOfSite: '235',
  SiteDown: '237',
  PasswordRule: '503',
  LanguageUnavailable: '1410',
} as const;
export type MessageCode = (typeof MessageCode)[keyof typeof MessageCode];

export const MESSAGE_CATALOGUE: readonly CatalogueEntry[] = [
  entry(5, 'error'),
  entry(6, 'info'),
  entry(7, 'info'),
  entry(9, 'error'),
  entry(21, 'error'),
  entry(107, 'error'),
  entry(207, 'error'),
  entry(209, 'error'),
  entry(211, 'error'),
  entry(213, 'error'),
  entry(215, 'error'),
  entry(217, 'error'),
  entry(219, 'info'),
  entry(225, 'error'),
  entry(227, 'error'),
  entry(229, 'error'),
  entry(231, 'error'),
  entry(233, 'error'),
  entry(235, 'error'),
  entry(237, 'error'),
  entry(503, 'error'),
  entry(1410, 'error'),
];

/**
 * Named messages that other screens push through MESSAGE (MSG-02: success, match, upload-error,
 * download-error; rule CUST-01: create-customer and the page messages). Features add theirs here.
 */
export const NAMED_MESSAGES: readonly CatalogueEntry[] = [
  { code: 'success', type: 'info', key: 'messages.success' },
  { code: 'match', type: 'error', key: 'messages.match' },
  { code: 'upload-error', type: 'error', key: 'messages.upload-error' },
  { code: 'download-error', type: 'error', key: 'messages.download-error' },
  { code: 'create-customer', type: 'error', key: 'messages.create-customer' },
  { code: 'too-many-attempts', type: 'error', key: 'messages.too-many-attempts' },
  { code: 'sso-only', type: 'error', key: 'messages.sso-only' },
  { code: 'session-lifetime', type: 'info', key: 'messages.session-lifetime' },
  { code: 'common-password', type: 'error', key: 'messages.common-password' },
  { code: 'core-upload-success', type: 'info', key: 'messages.core-upload-success' },
  { code: 'core-upload-processed', type: 'info', key: 'messages.core-upload-processed' },
  { code: 'core-upload-errors', type: 'error', key: 'messages.core-upload-errors' },
  { code: 'core-must-be-csv', type: 'error', key: 'messages.core-must-be-csv' },
  { code: 'ACP01', type: 'error', key: 'messages.ACP01' },
  { code: 'ACP02', type: 'error', key: 'messages.ACP02' },
  { code: 'ACP03', type: 'error', key: 'messages.ACP03' },
  { code: 'core-upload-unknown', type: 'error', key: 'messages.core-upload-unknown' },
  // The second factor and the step-up check (issue 19; auth/second-factor.ts MfaCode).
  { code: 'mfa-invalid', type: 'error', key: 'messages.mfa-invalid' },
  { code: 'mfa-expired', type: 'error', key: 'messages.mfa-expired' },
  { code: 'mfa-enrolment-required', type: 'error', key: 'messages.mfa-enrolment-required' },
  { code: 'step-up-required', type: 'info', key: 'messages.step-up-required' },
  { code: 'password-invalid', type: 'error', key: 'messages.password-invalid' },
];

const byCode = new Map([...MESSAGE_CATALOGUE, ...NAMED_MESSAGES].map((e) => [e.code, e]));

/** The catalogue entry for a MESSAGE value, or undefined for an unknown one (which is then not shown). */
export function lookupMessage(code: string | null | undefined): CatalogueEntry | undefined {
  return code == null ? undefined : byCode.get(code.trim());
}
