import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SLUG_TO_ACCOUNT_TYPE, type AccountTypeSlug } from '@fc/contract';
import { LoginForm } from './login-form';

/**
 * The login page inside the portal (reached without a page load, e.g. after a session ends): the type from
 * the route, an unknown type is a 404. A first page load of a login address opens public-login-page instead.
 */
export default function LoginPage() {
  const { type } = useParams();
  const { t } = useTranslation();
  if (!type || !Object.hasOwn(SLUG_TO_ACCOUNT_TYPE, type)) return <Navigate to="/error-404" replace />;
  return <LoginForm slug={type as AccountTypeSlug} forgotLink={<Link to="/password/reset">{t('login.forgot')}</Link>} />;
}
