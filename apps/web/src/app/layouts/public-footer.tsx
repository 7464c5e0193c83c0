import { useTranslation } from 'react-i18next';
import { uiLink } from '@/lib/links';
import { useAppConfig } from '@/lib/session/app-config';

/**
 * The footer of the light frames (public and account): the copyright line and the terms link, under the
 * prefix the page was opened under (/ui or /{alternate prefix}/ui: these pages know no user); the home
 * layout's also shows support hours, phone and e-mail.
 */
export function PublicFooter({ support }: { support: boolean }) {
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  return (
    <footer className="pub-footer">
      {support && (
        <p>
          {t('footer.support', {
            phone: config?.support.phone ?? '',
            email: config?.support.email ?? '',
            hours: config?.support.hours ?? '',
          })}
        </p>
      )}
      <p>
        {t('footer.copyright', { year: new Date().getFullYear(), brand: config?.brandName ?? '' })}
        {' · '}
        <a href={uiLink(config?.termsConditions ?? '/ui/toc')}>{t('footer.terms')}</a>
      </p>
    </footer>
  );
}
