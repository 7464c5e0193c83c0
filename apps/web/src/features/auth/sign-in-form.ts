import { sessionEndpoints, CSRF_FIELD, csrfTokenOf, endpointPath, SLUG_TO_ACCOUNT_TYPE, type AccountTypeSlug } from '@fc/contract';

/**
 * The form token (double submit, server http/access.ts): the server sets its cookie on any page or call of
 * ours; a form opened without it (cookies cleared since) asks for one first. Undefined when none came.
 */
export const formToken = () => csrfTokenOf(document.cookie);
export const fetchFormToken = () =>
  fetch(endpointPath(sessionEndpoints.appConfig), { credentials: 'same-origin' }).then(formToken, () => undefined);

/** Where a login form of an account type posts (a form post answered with a redirect) when none is configured. */
export const loginFormAction = (type: AccountTypeSlug) => endpointPath(sessionEndpoints.login, { type });

/** Copies the token into the form's hidden field just before the browser reads the form. */
export const putToken = (form: HTMLFormElement, token: string | undefined) => {
  const input = form.elements.namedItem(CSRF_FIELD);
  if (input instanceof HTMLInputElement) input.value = token ?? '';
};

const LOGIN_TYPE_KEY = 'fc-login-type';

/**
 * The login page a sign-in started on (cust, merc or corp), kept for this tab: the code step of a second
 * factor (issue 19) links back to it when the step expired, and the server no longer knows the sign-in then.
 */
export function rememberLoginType(slug: AccountTypeSlug) {
  try {
    sessionStorage.setItem(LOGIN_TYPE_KEY, slug);
  } catch {
    /* storage refused (private mode): the link goes to the customer login */
  }
}

export function rememberedLoginType(): AccountTypeSlug {
  let slug: string | null = null;
  try {
    slug = sessionStorage.getItem(LOGIN_TYPE_KEY);
  } catch {
    /* storage refused */
  }
  return slug && Object.hasOwn(SLUG_TO_ACCOUNT_TYPE, slug) ? (slug as AccountTypeSlug) : 'cust';
}
