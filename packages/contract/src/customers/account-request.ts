import { z } from 'zod';
import { msg, requiredText } from '../core/validation';
import { countryOfState, findState, isValidPhone, isValidZip } from './address';

/** Maximum lengths of the request account form (ACCT-02). */
export const ACCOUNT_REQUEST_MAX = {
  full_name: 60,
  job_title: 60,
  phone: 20,
  email: 200,
  account_number: 5,
  company_name: 60,
  address: 30,
  city: 30,
  state: 10,
  zip: 10,
} as const;

export const ACCOUNT_REQUEST_FIELDS = [
  'full_name',
  'job_title',
  'phone',
  'email',
  'account_number',
  'company_name',
  'address',
  'city',
  'state',
  'zip',
] as const;
export type AccountRequestField = (typeof ACCOUNT_REQUEST_FIELDS)[number];
export type AccountRequestForm = Record<AccountRequestField, string>;

export const emptyAccountRequest = (): AccountRequestForm =>
  Object.fromEntries(ACCOUNT_REQUEST_FIELDS.map((f) => [f, ''])) as AccountRequestForm;

/** Submit stays disabled until every field holds something (ACCT-01). */
export function isAccountRequestComplete(form: Partial<Record<AccountRequestField, string | null | undefined>>): boolean {
  return ACCOUNT_REQUEST_FIELDS.every((f) => (form[f] ?? '').trim().length > 0);
}

/**
 * POST /fc-common-api/users/create_account_request, as the form validates it and as the server validates it
 * again: every field required, the maximum lengths, a valid e-mail, the customer number an integer of at most
 * 5 digits, the state one of the served states, and phone and zip checked for the country of that state.
 */
export const accountRequestSchema = z
  .object({
    full_name: requiredText(ACCOUNT_REQUEST_MAX.full_name),
    job_title: requiredText(ACCOUNT_REQUEST_MAX.job_title),
    phone: requiredText(ACCOUNT_REQUEST_MAX.phone),
    email: requiredText(ACCOUNT_REQUEST_MAX.email).pipe(z.email({ error: msg('email') })),
    account_number: requiredText(ACCOUNT_REQUEST_MAX.account_number).regex(/^\d+$/, { error: msg('integer') }),
    company_name: requiredText(ACCOUNT_REQUEST_MAX.company_name),
    address: requiredText(ACCOUNT_REQUEST_MAX.address),
    city: requiredText(ACCOUNT_REQUEST_MAX.city),
    state: requiredText(ACCOUNT_REQUEST_MAX.state).refine((v) => !!findState(v), { error: msg('invalid') }),
    zip: requiredText(ACCOUNT_REQUEST_MAX.zip),
  })
  .superRefine((v, ctx) => {
    const country = countryOfState(v.state);
    if (!isValidPhone(v.phone, country)) ctx.addIssue({ code: 'custom', path: ['phone'], message: msg('phone') });
    if (!isValidZip(v.zip, country)) ctx.addIssue({ code: 'custom', path: ['zip'], message: msg('zipCode') });
  });
export type AccountRequest = z.output<typeof accountRequestSchema>;

/** Review states of a request; corporate staff move a request between them. */
export const ACCOUNT_REQUEST_STATUSES = ['new', 'in-review', 'approved', 'rejected'] as const;
export type AccountRequestStatus = (typeof ACCOUNT_REQUEST_STATUSES)[number];
export const accountRequestStatusSchema = z.strictObject({ status: z.enum(ACCOUNT_REQUEST_STATUSES, { error: msg('invalid') }) });
