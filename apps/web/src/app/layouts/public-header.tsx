import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@fc/contract';
import { openPopup, uiLink } from '@/lib/links';
import { useAppConfig } from '@/lib/session/app-config';
import { useSignedInUser } from '@/features/home/api/get-signed-in-user';
import { BrandMark, Icon } from '@/components/public-icons';
import { LanguageSelect } from './language-select';
import './public-frame.css';

/** The apply path opens in an 800x600 popup (PUB-03). */
export const APPLY_POPUP = { width: 800, height: 600 } as const;

/** A portal page's link under the prefix the page was opened under (/ui, /intl/ui, /beta/ui ...); others as they are. */
const pageLink = (link: string) => (link.startsWith('/ui/') ? uiLink(link) : link);

function useHeaderLinks() {
  const { data: config } = useAppConfig();
  return {
    brand: config?.brandName ?? '',
    home: config?.homePath ?? '/',
    apply: config?.applyPath ?? '/apply/',
    creditBack: config?.fleetriteCreditBackPath ?? '/FleetriteCreditBack',
    customers: pageLink(config?.loginLinks.customer.page ?? '/ui/cust/login'),
    dealers: pageLink(config?.loginLinks.dealer.page ?? '/ui/merc/login'),
    corporate: pageLink(config?.loginLinks.corporate.page ?? '/ui/corp/login'),
  };
}

type HeaderLinks = ReturnType<typeof useHeaderLinks>;

/**
 * The user menu's entries (APP-19: "User menu lists Customer, Dealer and Corporate with sign in
 * and sign out"): the sign-in page of each account type, and sign-out when someone is signed in.
 */
function UserMenuItems({ links, user }: { links: HeaderLinks; user: CurrentUser | null | undefined }) {
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  return (
    <>
      <li>
        <a href={links.customers}>{t('header.login-customers')}</a>
      </li>
      <li>
        <a href={links.dealers}>{t('header.login-dealers')}</a>
      </li>
      <li>
        <a href={links.corporate}>{t('header.login-corporate')}</a>
      </li>
      {user && (
        <li>
          <button
            type="button"
            className="pub-sign-out"
            onClick={() => void import('@/lib/session/logout').then(({ logout }) => logout(config, user))}
          >
            {t('header.sign-out', { name: user.fullName || user.username })}
          </button>
        </li>
      )}
    </>
  );
}

/** Which header item is the current page: the home path and the credit-back path lead to these pages. */
function currentItem(): 'home' | 'credit-back' | null {
  const path = window.location.pathname.toLowerCase();
  if (/\/ui\/home\/?$/.test(path)) return 'home';
  if (/\/ui\/fleetritecreditback\/?$/.test(path)) return 'credit-back';
  return null;
}

function openApply(e: MouseEvent<HTMLAnchorElement>) {
  // The link still works as a link (new tab, copy address); a plain click opens the popup.
  if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault();
  openPopup(e.currentTarget.getAttribute('href') ?? '/apply/', APPLY_POPUP.width, APPLY_POPUP.height);
}

/**
 * The shared public header (PUB-03): HOME, APPLY (popup), GET PARTS CREDIT and the LOG IN menu
 * with 'Customers', 'Dealers and International Employees' and 'Corporate' (the user menu: sign in to each, and
 * sign out when signed in). At 700 px or less: an APPLY button and a drawer
 * with the same items.
 */
export function PublicHeader() {
  const { t } = useTranslation(['common', 'public-site']);
  const links = useHeaderLinks();
  const current = currentItem();
  return (
    <header className="pub-header">
      <a className="pub-skip" href="#main">
        {t('public-site:header.skip')}
      </a>
      <a className="pub-brand" href={links.home}>
        <BrandMark />
        <span>{links.brand}</span>
      </a>
      <nav className="pub-nav pub-desktop-only" aria-label={t('public-site:header.navigation')}>
        <a className="pub-nav-item" href={links.home} aria-current={current === 'home' ? 'page' : undefined}>
          {t('header.home')}
        </a>
        <a className="pub-nav-item" href={links.apply} onClick={openApply}>
          {t('header.apply')}
          <span className="pub-visually-hidden"> {t('public-site:header.new-window')}</span>
        </a>
        <a className="pub-nav-item" href={links.creditBack} aria-current={current === 'credit-back' ? 'page' : undefined}>
          {t('header.parts-credit')}
        </a>
        <LoginMenu links={links} />
      </nav>
      <LanguageSelect className="pub-desktop-only" />
      <a className="pub-nav-item pub-apply-mobile pub-mobile-only" href={links.apply} onClick={openApply}>
        {t('header.apply')}
        <span className="pub-visually-hidden"> {t('public-site:header.new-window')}</span>
      </a>
      <MobileDrawer links={links} current={current} />
    </header>
  );
}

/** LOG IN: a disclosure of two links; closes on Escape, on a click elsewhere and when focus leaves it. */
function LoginMenu({ links }: { links: HeaderLinks }) {
  const { t } = useTranslation();
  const { data: user } = useSignedInUser();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      className="pub-login"
      ref={box}
      onBlur={(e) => {
        if (!box.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="pub-nav-item"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {t('header.login')}
        <Icon name="chevronDown" className="pub-chevron" />
      </button>
      <ul id={listId} className="pub-login-list" hidden={!open}>
        <UserMenuItems links={links} user={user} />
      </ul>
    </div>
  );
}

/** The mobile drawer: a native modal dialog (focus stays inside; Escape and the backdrop close it). */
function MobileDrawer({ links, current }: { links: HeaderLinks; current: ReturnType<typeof currentItem> }) {
  const { t } = useTranslation(['common', 'public-site']);
  const { data: user } = useSignedInUser();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const titleId = useId();

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <>
      <button
        type="button"
        className="pub-icon-button pub-mobile-only"
        aria-label={t('public-site:header.open-menu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Icon name="menu" />
      </button>
      <dialog
        ref={dialog}
        className="pub-drawer"
        aria-labelledby={titleId}
        onClose={() => setOpen(false)}
        onClick={(e) => {
          // A click on the backdrop lands on the dialog element itself.
          if (e.target === e.currentTarget) setOpen(false);
        }}
      >
        {open && (
          <>
            <div className="pub-drawer-head">
              <span id={titleId}>{t('public-site:header.menu')}</span>
              <button
                type="button"
                className="pub-icon-button"
                aria-label={t('public-site:header.close-menu')}
                onClick={() => setOpen(false)}
              >
                <Icon name="close" />
              </button>
            </div>
            <nav aria-label={t('public-site:header.navigation')}>
              <ul>
                <li>
                  <a href={links.home} aria-current={current === 'home' ? 'page' : undefined}>
                    {t('header.home')}
                  </a>
                </li>
                <li>
                  <a
                    href={links.apply}
                    onClick={(e) => {
                      openApply(e);
                      setOpen(false);
                    }}
                  >
                    {t('header.apply')}
                    <span className="pub-visually-hidden"> {t('public-site:header.new-window')}</span>
                  </a>
                </li>
                <li>
                  <a href={links.creditBack} aria-current={current === 'credit-back' ? 'page' : undefined}>
                    {t('header.parts-credit')}
                  </a>
                </li>
                <li>
                  <span className="pub-drawer-label" id={`${titleId}-login`}>
                    {t('header.login')}
                  </span>
                  <ul aria-labelledby={`${titleId}-login`}>
                    <UserMenuItems links={links} user={user} />
                  </ul>
                </li>
              </ul>
            </nav>
            <LanguageSelect />
          </>
        )}
      </dialog>
    </>
  );
}
