import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CSRF_FIELD,
  LOGIN_ACTION,
  LOGIN_FORM_NAME,
  PASSWORD_INPUT_MAX,
  USERNAME_MAX,
  type AccountTypeSlug,
  type loginFormSchema,
} from '@fc/contract';
import { pickedLanguage, translateValidation } from '@/lib/i18n';
import { useAppConfig } from '@/lib/session/app-config';
import { fetchFormToken, formToken, loginFormAction, putToken, rememberLoginType } from '../sign-in-form';
import './login-form.css';

type Field = 'USERNAME' | 'PASSWORD';

/*
 * The form's rules are the contract's schema, which the server applies too. zod is larger than the rest of
 * this page's code, so the schema loads once the form is on screen, not before it can be shown.
 */
let schema: typeof loginFormSchema | undefined;
const loadSchema = () => import('@fc/contract/auth').then((m) => (schema = m.loginFormSchema));

const formText = (form: FormData, name: Field) => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};

/**
 * The login form of each account type (AUTH-02, AUTH-03): a classic form post to the type's
 * configured formAction; the server answers with a redirect to the welcome page or back here with MESSAGE.
 * Plain HTML and CSS, no MUI and no router: it is the first page of most visits (the light public app shows
 * it, and the portal's router page wraps it). `forgotLink` is the forgot-password link of whichever app shows it.
 */
export function LoginForm({ slug, forgotLink }: { slug: AccountTypeSlug; forgotLink: ReactNode }) {
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  const [values, setValues] = useState<Record<Field, string>>({ USERNAME: '', PASSWORD: '' });
  const [autofilled, setAutofilled] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  useEffect(() => {
    void loadSchema();
  }, []);

  // Autofilled fields report no value to script until the user interacts, so ask the browser directly.
  useEffect(() => {
    const timer = window.setInterval(() => {
      const filled = formRef.current?.querySelectorAll('input:-webkit-autofill').length ?? 0;
      if (filled >= 2) setAutofilled(true);
    }, 300);
    const stop = window.setTimeout(() => window.clearInterval(timer), 5000);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(stop);
    };
  }, []);

  const links = config?.loginLinks;
  const formAction =
    (slug === 'cust' ? links?.customer.formAction : slug === 'merc' ? links?.dealer.formAction : links?.corporate.formAction) ??
    loginFormAction(slug);
  const requestLink = slug === 'cust' ? links?.customer.requestAccount : undefined;

  /** True when the values may be posted; otherwise shows each field's message. */
  const check = (rules: typeof loginFormSchema, form: FormData, element: HTMLFormElement) => {
    const result = rules.safeParse({ USERNAME: formText(form, 'USERNAME'), PASSWORD: formText(form, 'PASSWORD') });
    if (result.success) return true;
    const next: typeof errors = {};
    for (const issue of result.error.issues) next[issue.path[0] as Field] ??= translateValidation(issue.message);
    setErrors(next);
    // The focus goes to the first field in error, where its message is read out.
    const first = (['USERNAME', 'PASSWORD'] as const).find((f) => next[f]);
    if (first) element.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
    return false;
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    // The code step of a second factor, if one follows, links back to this page (issue 19).
    rememberLoginType(slug);
    const form = e.currentTarget;
    const data = new FormData(form);
    const token = formToken();
    if (schema && token) {
      if (check(schema, data, form)) putToken(form, token);
      else e.preventDefault();
      return;
    }
    // Sent before the schema or the token arrived (a quick visitor on a slow network): posted once both are here.
    e.preventDefault();
    void Promise.all([loadSchema(), token ?? fetchFormToken()]).then(([rules, fetched]) => {
      if (!check(rules, data, form)) return;
      putToken(form, fetched);
      form.submit();
    });
  };

  const field = (name: Field, type: 'text' | 'password', max: number) => {
    const inputId = `${id}-${name}`;
    const error = errors[name];
    return (
      <div className="login-field">
        <label htmlFor={inputId}>
          {t(name === 'USERNAME' ? 'login.username' : 'login.password')}
          <span aria-hidden="true"> *</span>
        </label>
        <input
          id={inputId}
          name={name}
          type={type}
          autoComplete={name === 'USERNAME' ? 'username' : 'current-password'}
          required
          maxLength={max}
          value={values[name]}
          onChange={(e) => {
            const value = e.target.value;
            setValues((v) => ({ ...v, [name]: value }));
            setErrors((x) => ({ ...x, [name]: undefined }));
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          // The first thing a visitor of a login page does is type the username.
          autoFocus={name === 'USERNAME'}
        />
        {error && (
          <p id={`${inputId}-error`} className="login-error">
            {error}
          </p>
        )}
      </div>
    );
  };

  // Read at each render: the language switch re-renders the form (useTranslation) when it changes.
  const picked = pickedLanguage();
  const canSubmit = autofilled || (values.USERNAME.length > 0 && values.PASSWORD.length > 0);
  return (
    <form className="login-form" ref={formRef} method="post" action={formAction} onSubmit={onSubmit} noValidate>
      <h1>{t(`login.heading.${slug}`)}</h1>
      <p className="login-intro">{t('login.intro')}</p>
      <input type="hidden" name="WEB_FORM_NAME" value={LOGIN_FORM_NAME} />
      <input type="hidden" name="ACTION" value={LOGIN_ACTION} />
      <input type="hidden" name={CSRF_FIELD} defaultValue="" />
      <input type="hidden" name="REFERRER_URL" value={`${window.location.origin}${window.location.pathname}`} />
      {/* The language picked on this page is kept for the session that starts (decision 0401). */}
      <input type="hidden" name="LANGUAGE" value={picked ?? ''} />
      {field('USERNAME', 'text', USERNAME_MAX)}
      {field('PASSWORD', 'password', PASSWORD_INPUT_MAX)}
      <button type="submit" className="login-submit" disabled={!canSubmit}>
        {t('login.submit')}
      </button>
      <div className="login-links">
        {forgotLink}
        {requestLink && <a href={requestLink}>{t('login.request-account')}</a>}
      </div>
    </form>
  );
}
