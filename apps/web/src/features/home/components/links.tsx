import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { openPopup } from '@/lib/links';

/** The apply path opens in an 800x600 popup (PUB-03). */
export const APPLY_POPUP = { width: 800, height: 600 } as const;

/** A link to the apply path that opens the popup on a plain click and stays an ordinary link otherwise. */
export function ApplyLink({
  href,
  children,
  className = 'pub-button pub-button-primary',
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation('public-site');
  return (
    <a
      className={className}
      href={href}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        openPopup(href, APPLY_POPUP.width, APPLY_POPUP.height);
      }}
    >
      {children}
      <span className="pub-visually-hidden"> {t('header.new-window')}</span>
    </a>
  );
}

/** A link that opens in a new tab, and says so to screen readers. */
export function NewTabLink({ href, children, className }: { href: string; children: ReactNode; className: string }) {
  const { t } = useTranslation('public-site');
  return (
    <a className={className} href={href} target="_blank" rel="noopener">
      {children}
      <span className="pub-visually-hidden"> {t('header.new-tab')}</span>
    </a>
  );
}
