import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/lib/session/app-config';
import { ApplyLink } from './links';
import { LandingRedirect } from './landing-redirect';
import { usePromotion } from './use-promotion';
import './public-site.css';

/**
 * The bonus-credit landing variant (PUB-09): by default $250 credit for $2,500 on select parts
 * between Aug 1 and Oct 1 2024, a further $400 for $6,000 through Dec 31 2024, up to $650 in all; the amounts
 * and dates come from the configuration (usePromotion). Like the landing page, it sends a signed-in visitor
 * on to their welcome page.
 */
export default function BonusPage() {
  const { t } = useTranslation('public-site');
  const { data: config } = useAppConfig();
  const promo = usePromotion();
  const brand = config?.brandName ?? '';
  const apply = config?.applyPath ?? '/apply/';
  const login = config?.loginLinks.customer.page ?? '/ui/cust/login';
  return (
    <div className="pub-page">
      <LandingRedirect />
      <section className="pub-banner" aria-labelledby="bonus-title">
        <div className="pub-container">
          <p className="pub-eyebrow">{t('bonus.banner.eyebrow')}</p>
          <h1 id="bonus-title" className="pub-hero-title">
            {t('bonus.banner.title', promo)}
          </h1>
          <p className="pub-hero-text">{t('bonus.banner.text', { brand })}</p>
        </div>
      </section>
      <section className="pub-section" aria-labelledby="bonus-tiers">
        <div className="pub-container">
          <h2 id="bonus-tiers">{t('bonus.tiers.title')}</h2>
          <ol className="pub-grid pub-grid-2 pub-tiers">
            {(['1', '2'] as const).map((n) => (
              <li key={n} className="pub-card" data-testid={`bonus-tier-${n}`}>
                <span className="pub-tier-amount">{t(`bonus.tiers.${n}.amount`, promo)}</span>
                <p>{t(`bonus.tiers.${n}.text`, promo)}</p>
              </li>
            ))}
          </ol>
          <p className="pub-lead pub-strong" data-testid="bonus-total">
            {t('bonus.tiers.total', promo)}
          </p>
          <div className="pub-actions">
            <ApplyLink href={apply}>{t('bonus.apply')}</ApplyLink>
            <a className="pub-button pub-button-outline" href={login}>
              {t('bonus.login')}
            </a>
          </div>
        </div>
      </section>
    </div>
  );
}
