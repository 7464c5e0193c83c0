import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/public-icons';

/** The hero rotates every 5000 ms (PUB-01). */
export const HERO_ROTATION_MS = 5000;

export interface HeroSlide {
  id: string;
  content: ReactNode;
}

/**
 * The hero carousel (PUB-01): previous and next buttons, automatic rotation every 5 s, wrapping
 * around both ways; rotation stops for good after a manual click. All slides share one grid cell, so the
 * hero keeps the height of its tallest slide and nothing below it moves when a slide changes.
 */
export function HeroCarousel({ slides }: { slides: HeroSlide[] }) {
  const { t } = useTranslation('public-site');
  const [index, setIndex] = useState(0);
  const [rotating, setRotating] = useState(true);
  const count = slides.length;

  useEffect(() => {
    if (!rotating || count < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), HERO_ROTATION_MS);
    return () => window.clearInterval(timer);
  }, [rotating, count]);

  const go = (step: 1 | -1) => {
    setRotating(false);
    setIndex((i) => (i + step + count) % count);
  };

  return (
    <section className="pub-hero" aria-roledescription="carousel" aria-label={t('home.hero.label')}>
      <div className="pub-hero-slides" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((s, i) => (
          <div
            key={s.id}
            className="pub-hero-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('home.hero.slide', { index: i + 1, count })}
            data-active={i === index || undefined}
            aria-hidden={i !== index}
            inert={i !== index}
            data-testid={`hero-slide-${i}`}
          >
            {s.content}
          </div>
        ))}
      </div>
      <div className="pub-hero-controls">
        <button type="button" className="pub-round-button" aria-label={t('home.hero.previous')} onClick={() => go(-1)}>
          <Icon name="chevronLeft" />
        </button>
        <span className="pub-hero-dots" aria-hidden="true">
          {slides.map((s, i) => (
            <span key={s.id} data-active={i === index || undefined} />
          ))}
        </span>
        <button type="button" className="pub-round-button" aria-label={t('home.hero.next')} onClick={() => go(1)}>
          <Icon name="chevronRight" />
        </button>
      </div>
    </section>
  );
}
