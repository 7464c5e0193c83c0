import { useTranslation } from 'react-i18next';
import type { AccountTypeSlug } from '@fc/contract';
import { basePath } from '@/lib/links';
import { LoginForm } from './login-form';

/** The login page in the light public app (main.tsx), which matched the type: the forgot-password link loads the portal. */
export default function PublicLoginPage({ params = {} }: { params?: Record<string, string> }) {
  const { t } = useTranslation();
  return <LoginForm slug={params.type as AccountTypeSlug} forgotLink={<a href={`${basePath()}/password/reset`}>{t('login.forgot')}</a>} />;
}
