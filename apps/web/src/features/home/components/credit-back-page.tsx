import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/lib/session/app-config';
import { NewTabLink } from './links';
import { usePromotion } from './use-promotion';
import './public-site.css';

const STEPS = ['1', '2', '3', '4'] as const;
const LEGAL = ['1', '2', '3'] as const;

/**
 * The credit-back page (PUB-05, PUB-08): banner, how to earn in 4 steps, apply now (new tab),
 * shop now and find a dealer, customer and dealer log in (new tab), get started, and the 3 legal
 * disclaimers with every term of the offer. Mobile layout at 768 px or less.
 */
export default function CreditBackPage() {
  const { t } = useTranslation('public-site');
  const { data: config } = useAppConfig();
  // The offer's percentage and dates come from the configuration (the next promotion without a release).
  const promo = usePromotion();
  const brand = config?.brandName ?? '';
  const apply = config?.applyPath ?? '/apply/';
  const customerLogin = config?.loginLinks.customer.page ?? '/ui/cust/login';
  const dealerLogin = config?.loginLinks.dealer.page ?? '/ui/merc/login';
  const support = { phone: config?.support.phone ?? '', email: config?.support.email ?? '', hours: config?.support.hours ?? '' };

  const logins = (
    <>
      <NewTabLink className="pub-button pub-button-outline" href={customerLogin}>
        {t('credit-back.customer-login')}
      </NewTabLink>
      <NewTabLink className="pub-button pub-button-outline" href={dealerLogin}>
        {t('credit-back.dealer-login')}
      </NewTabLink>
    </>
  );

  return (
    <div className="pub-page pub-credit">
      <section className="pub-banner" aria-labelledby="cb-title">
        <div className="pub-container">
          <p className="pub-eyebrow">{t('credit-back.banner.eyebrow')}</p>
          <h1 id="cb-title" className="pub-hero-title">
            {t('credit-back.banner.title', promo)}
            <sup>*</sup>
          </h1>
          <p className="pub-hero-text">{t('credit-back.banner.text', promo)}</p>
          <div className="pub-actions">
            <NewTabLink className="pub-button pub-button-primary" href={apply}>
              {t('credit-back.apply')}
            </NewTabLink>
            <a className="pub-button pub-button-light" href={t('credit-back.shop-url')} rel="noopener">
              {t('credit-back.shop')}
            </a>
            <a className="pub-button pub-button-light" href={t('credit-back.find-dealer-url')} rel="noopener">
              {t('credit-back.find-dealer')}
            </a>
          </div>
        </div>
      </section>

      <section className="pub-section" aria-labelledby="cb-how">
        <div className="pub-container">
          <h2 id="cb-how">{t('credit-back.how.title')}</h2>
          <ol className="pub-grid pub-grid-4 pub-steps">
            {STEPS.map((s) => (
              <li key={s} className="pub-card" data-testid={`credit-step-${s}`}>
                <span className="pub-step-number">{t('credit-back.how.step', { index: s })}</span>
                <h3>{t(`credit-back.how.${s}.title`)}</h3>
                <p>{t(`credit-back.how.${s}.text`, { brand, ...promo })}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="pub-section pub-section-soft" aria-labelledby="cb-start">
        <div className="pub-container">
          <h2 id="cb-start">{t('credit-back.start.title')}</h2>
          <p className="pub-lead">{t('credit-back.start.text', { brand })}</p>
          <div className="pub-actions">
            <NewTabLink className="pub-button pub-button-primary" href={apply}>
              {t('credit-back.apply')}
            </NewTabLink>
            {logins}
          </div>
        </div>
      </section>

      <section className="pub-section pub-legal" aria-labelledby="cb-legal">
        <div className="pub-container">
          <h2 id="cb-legal">{t('credit-back.legal.title')}</h2>
          {LEGAL.map((n, i) => (
            <p key={n} data-testid={`credit-legal-${n}`}>
              {'*'.repeat(i + 1)} {t(`credit-back.legal.${n}`, { brand, ...support, ...promo })}
            </p>
          ))}
        </div>
      </section>
    </div>
  );
}
