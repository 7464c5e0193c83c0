import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/public-icons';
import { LANDING_MOBILE, useMediaQuery } from './use-media-query';

export const ROLES = ['fleet-managers', 'accounts-payable', 'drivers'] as const;

/**
 * The three role slides (PUB-02) in a horizontal scroll-snap track. On a wide screen the
 * previous and next buttons move it one slide at a time; on a phone the buttons are disabled and the visitor
 * swipes. The progress bar follows the slide in view either way.
 */
export function RoleSlides() {
  const { t } = useTranslation('public-site');
  const mobile = useMediaQuery(LANDING_MOBILE);
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const count = ROLES.length;

  // The slide a button asked for: until the smooth scroll gets there, the scroll events it fires on the
  // way must not pull the index back (a quick second click would otherwise start from the wrong slide).
  const target = useRef<number | null>(null);
  const slideInView = (el: HTMLDivElement) => Math.max(0, Math.min(count - 1, Math.round(el.scrollLeft / el.clientWidth)));

  const show = (next: number) => {
    const el = track.current;
    const i = Math.max(0, Math.min(count - 1, next));
    target.current = i;
    setIndex(i);
    el?.scrollTo({ left: i * el.clientWidth, behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  };

  const onScroll = () => {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    const i = slideInView(el);
    if (target.current !== null) {
      if (i === target.current) target.current = null;
      return;
    }
    setIndex(i);
  };

  const onScrollEnd = () => {
    const el = track.current;
    target.current = null;
    if (el && el.clientWidth > 0) setIndex(slideInView(el));
  };

  return (
    <div className="pub-roles">
      <div
        ref={track}
        className="pub-roles-track"
        onScroll={onScroll}
        onScrollEnd={onScrollEnd}
        tabIndex={0}
        role="region"
        aria-roledescription="carousel"
        aria-label={t('home.roles.label')}
      >
        {ROLES.map((role, i) => (
          <div
            key={role}
            className="pub-role"
            role="group"
            aria-roledescription="slide"
            aria-label={t('home.roles.slide', { index: i + 1, count })}
            data-testid={`role-${role}`}
          >
            <span className="pub-role-number" aria-hidden="true">
              0{i + 1}
            </span>
            <h3>{t(`home.roles.${role}.title`)}</h3>
            <p>{t(`home.roles.${role}.text`)}</p>
          </div>
        ))}
      </div>
      <div className="pub-roles-controls">
        <button
          type="button"
          className="pub-round-button pub-round-button-dark"
          aria-label={t('home.roles.previous')}
          disabled={mobile || index === 0}
          onClick={() => show(index - 1)}
        >
          <Icon name="chevronLeft" />
        </button>
        <div
          className="pub-progress"
          role="progressbar"
          aria-label={t('home.roles.progress', { index: index + 1, count })}
          aria-valuemin={1}
          aria-valuemax={count}
          aria-valuenow={index + 1}
          aria-valuetext={t('home.roles.progress', { index: index + 1, count })}
        >
          <span style={{ width: `${((index + 1) / count) * 100}%` }} />
        </div>
        <button
          type="button"
          className="pub-round-button pub-round-button-dark"
          aria-label={t('home.roles.next')}
          disabled={mobile || index === count - 1}
          onClick={() => show(index + 1)}
        >
          <Icon name="chevronRight" />
        </button>
      </div>
    </div>
  );
}
