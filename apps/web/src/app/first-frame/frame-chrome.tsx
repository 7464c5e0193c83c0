import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { uiLanguages } from '@/lib/i18n';
import { basePath } from '@/lib/links';
import { useMenuOpen } from '@/lib/menu-open';
import { useAppConfig } from '@/lib/session/app-config';
import { useCurrentUser } from '@/lib/session/current-user';
import { useMenuRoutes } from '@/lib/session/menu-routes';
import { welcomeLink } from '@/lib/session/welcome';

export const MAIN_ID = 'main-content';

/**
 * The default layout's chrome (app bar, menu, main region) in plain HTML and first-frame.css, at the sizes of
 * the MUI layout that replaces it (decision 0640). Its links are page loads; the username and the language are
 * shown, their menus come with the portal a moment later.
 */
export function FrameChrome({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { data: user } = useCurrentUser();
  const { data: config } = useAppConfig();
  const menu = useMenuRoutes();
  const desktop = window.matchMedia('(min-width: 900px)').matches;
  const [open, setOpen] = useMenuOpen(desktop);
  const base = basePath();
  const home = (user && welcomeLink(config, user)) || `${base}/home`;
  const here = window.location.pathname.toLowerCase();
  const item = (href: string, label: string) => (
    <a key={href} href={href} aria-current={here === href.toLowerCase() ? 'page' : undefined}>
      {label}
    </a>
  );
  const language = (uiLanguages() as readonly string[]).includes(i18n.language) ? i18n.language : 'en-us';
  return (
    <div className={`ff-layout${open ? ' ff-open' : ''}`}>
      <a className="ff-skip" href={`#${MAIN_ID}`} onClick={(e) => (e.preventDefault(), document.getElementById(MAIN_ID)?.focus())}>
        {t('app.skip-to-main')}
      </a>
      <header className="ff-bar">
        <button
          type="button"
          className="ff-toggle"
          aria-label={t('app.toggle-menu')}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z" fill="currentColor" />
          </svg>
        </button>
        <a className="ff-brand" href={home} aria-label={config?.brandName ?? 'Fleet Charge'}>
          <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="6" fill="#0b2545" />
            <path d="M8 9h16v4H13v3h9v4h-9v3H8z" fill="#f28c28" />
          </svg>
          <span>{config?.brandName ?? 'Fleet Charge'}</span>
        </a>
        <span className="ff-grow" />
        <span className="ff-language">
          <span>{t('app.language')}</span>
          {t(`app.languages.${language}`)}
        </span>
        <span className="ff-user" title={user?.username}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              d="M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 4c1.93 0 3.5 1.57 3.5 3.5S13.93 13 12 13s-3.5-1.57-3.5-3.5S10.07 6 12 6m0 14c-2.03 0-4.43-.82-6.14-2.88C7.55 15.8 9.68 15 12 15s4.45.8 6.14 2.12C16.43 19.18 14.03 20 12 20"
              fill="currentColor"
            />
          </svg>
          {user?.username}
        </span>
      </header>
      {open && (
        <nav className="ff-nav" aria-label={t('app.main-menu')}>
          {item(home, t('routes.welcome'))}
          {menu.map((r) => item(`${base}/${r.path}`, t(r.titleKey)))}
        </nav>
      )}
      <div className="ff-body">
        <main id={MAIN_ID} tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
