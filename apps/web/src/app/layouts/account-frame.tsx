import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/lib/session/app-config';
import { BrandMark, Icon } from '@/components/public-icons';
import { LanguageSelect } from './language-select';
import { PublicFooter } from './public-footer';
import './public-frame.css';
import './account-frame.css';

/**
 * The account layout (APP-08) (login, passwords, account requests): the logo linking home and
 * the language switch, the page on a card, a security note, and the copyright line with the terms link.
 * Plain CSS rather than MUI: the login pages open in the light public app (main.tsx); the portal's router
 * uses the same frame for the other account pages.
 */
export default function AccountFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  const brand = config?.brandName ?? 'Fleet Charge';
  return (
    <div className="acct-frame">
      <header className="acct-header">
        <a className="acct-brand" href={config?.homePath ?? '/'}>
          <BrandMark />
          <span>{brand}</span>
        </a>
        <LanguageSelect />
      </header>
      <main className="acct-main">
        <div className="acct-card">{children}</div>
        <p className="acct-note">
          <Icon name="lock" />
          <span>{t('account.security-note')}</span>
        </p>
      </main>
      <PublicFooter support={false} />
    </div>
  );
}
