import { useTranslation } from 'react-i18next';
import { formatNumber } from '@fc/contract';
import { DEALER_COUNT, DEALER_LOCATION_COUNT } from '@fc/contract/public-site';
import { useAppConfig } from '@/lib/session/app-config';
import { HeroCarousel } from './hero-carousel';
import { ApplyLink, NewTabLink } from './links';
import { ProgrammeCards, ProgrammeFinder } from './programme-finder';
import { RoleSlides } from './role-slides';
import { LandingRedirect } from './landing-redirect';
import { usePromotion } from './use-promotion';
import './public-site.css';

const FEATURES = ['coverage', 'billing', 'inventory', 'transparency', 'ordering'] as const;

/**
 * The landing page (PUB-01, PUB-02): hero carousel, centralised billing, the solution with the
 * programme cards and the fleet-size finder, the 'why' figures, the 5 key features, the 3 role slides and a
 * closing call to apply. A signed-in visitor is sent on to the welcome page of their account type.
 */
export default function HomePage() {
  const { t, i18n } = useTranslation('public-site');
  const { data: config } = useAppConfig();
  const promo = usePromotion();
  const brand = config?.brandName ?? '';
  const apply = config?.applyPath ?? '/apply/';
  const creditBack = config?.fleetriteCreditBackPath ?? '/FleetriteCreditBack';
  const number = (n: number) => formatNumber(n, i18n.language);

  return (
    <div className="pub-page">
      <LandingRedirect />
      <h1 className="pub-visually-hidden">{t('common:home.heading', { brand })}</h1>
      <HeroCarousel
        slides={[
          {
            id: 'credit',
            content: (
              <div className="pub-hero-inner pub-hero-credit">
                <p className="pub-eyebrow">{t('home.hero.credit.eyebrow')}</p>
                <h2 className="pub-hero-title">{t('home.hero.credit.title', promo)}</h2>
                <p className="pub-hero-text">{t('home.hero.credit.text', promo)}</p>
                <NewTabLink className="pub-button pub-button-primary" href={creditBack}>
                  {t('home.hero.credit.cta')}
                </NewTabLink>
              </div>
            ),
          },
          {
            id: 'main',
            content: (
              <div className="pub-hero-inner pub-hero-main">
                <p className="pub-eyebrow">{t('home.hero.main.eyebrow', { brand })}</p>
                <h2 className="pub-hero-title pub-hero-title-small">{t('home.hero.main.title')}</h2>
                <p className="pub-hero-text">{t('home.hero.main.text')}</p>
                <ApplyLink href={apply}>{t('home.hero.main.cta')}</ApplyLink>
              </div>
            ),
          },
        ]}
      />

      <section className="pub-section" aria-labelledby="home-billing">
        <div className="pub-container pub-split">
          <h2 id="home-billing">{t('home.billing.title')}</h2>
          <p className="pub-lead">{t('home.billing.text')}</p>
        </div>
      </section>

      <section className="pub-section pub-section-soft" aria-labelledby="home-solution">
        <div className="pub-container">
          <h2 id="home-solution">{t('home.solution.title')}</h2>
          <p className="pub-lead">{t('home.solution.text')}</p>
          <ProgrammeCards />
          <ProgrammeFinder />
        </div>
      </section>

      <section className="pub-section pub-section-navy" aria-labelledby="home-why">
        <div className="pub-container">
          <h2 id="home-why">{t('home.why.title', { brand })}</h2>
          <dl className="pub-stats">
            <div>
              <dt>{t('home.why.dealers')}</dt>
              <dd>{number(DEALER_COUNT)}+</dd>
            </div>
            <div>
              <dt>{t('home.why.locations')}</dt>
              <dd>{number(DEALER_LOCATION_COUNT)}+</dd>
            </div>
            <div>
              <dt>{t('home.why.fees')}</dt>
              <dd>{t('home.why.fees-value')}</dd>
            </div>
            <div>
              <dt>{t('home.why.service')}</dt>
              <dd>{t('home.why.service-value')}</dd>
            </div>
          </dl>
        </div>
      </section>

      <section className="pub-section" aria-labelledby="home-features">
        <div className="pub-container">
          <h2 id="home-features">{t('home.features.title')}</h2>
          <ul className="pub-grid pub-grid-5 pub-features">
            {FEATURES.map((f) => (
              <li key={f} className="pub-card" data-testid={`feature-${f}`}>
                <h3>{t(`home.features.${f}.title`)}</h3>
                <p>{t(`home.features.${f}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="pub-section pub-section-soft" aria-labelledby="home-roles">
        <div className="pub-container">
          <h2 id="home-roles">{t('home.roles.title')}</h2>
          <RoleSlides />
        </div>
      </section>

      <section className="pub-section pub-cta" aria-labelledby="home-cta">
        <div className="pub-container">
          <h2 id="home-cta">{t('home.cta.title')}</h2>
          <p className="pub-lead">{t('home.cta.text')}</p>
          <ApplyLink href={apply}>{t('home.cta.button')}</ApplyLink>
        </div>
      </section>
    </div>
  );
}
