import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { englishTexts, renderPage, testUser } from '../../../test/render';
import DefaultLayout from './default-layout';

beforeAll(englishTexts);
beforeEach(() => {
  // A desktop window: the menu is a persistent drawer, open from the start.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The default signed-in layout at `url` (APP-05). */
async function open(url: string, user = testUser()) {
  renderPage(<DefaultLayout />, { url, path: '*', user });
  return screen.findByRole('navigation', { name: 'Main menu' });
}

const programmeLinks = () =>
  within(screen.getByRole('navigation', { name: 'Programme links' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('default layout: footer programme links by account type (APP-07)', () => {
  it('corporate (0): both manuals and the site links', async () => {
    await open('/corp/welcome', testUser({ accountType: 0, grantedTasks: [], custNo: null }));
    expect(programmeLinks()).toEqual(['Dealer manual', 'Customer manual', 'Contact us', 'International Trucks', 'Dealer locator']);
  });

  it('dealer (1): the dealer manual, not the customer manual', async () => {
    await open('/merc/welcome', testUser({ accountType: 1, grantedTasks: [], custNo: null, merchantNo: 1001 }));
    expect(programmeLinks()).toEqual(['Dealer manual', 'Contact us', 'International Trucks', 'Dealer locator']);
  });

  it('customer (2): the customer manual, not the dealer manual', async () => {
    await open('/cust/welcome');
    expect(programmeLinks()).toEqual(['Customer manual', 'Contact us', 'International Trucks', 'Dealer locator']);
  });

  it('a manual opens in a 600x600 popup with the configured address', async () => {
    const popup = vi.spyOn(window, 'open').mockReturnValue(null);
    await open('/cust/welcome');
    fireEvent.click(screen.getByRole('link', { name: 'Customer manual' }));
    expect(popup).toHaveBeenCalledWith('/docs/customer-manual.pdf', '_blank', expect.stringContaining('width=600,height=600'));
  });

  it('shows the support contacts, and no footer at all on a path containing /details', async () => {
    await open('/corp/customers/10001/details', testUser({ accountType: 0, grantedTasks: [], custNo: null }));
    expect(screen.queryByRole('navigation', { name: 'Programme links' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Support: 1-800-555-0199/)).not.toBeInTheDocument();
  });

  it('shows the footer with the support contacts elsewhere', async () => {
    await open('/cust/welcome');
    expect(screen.getByText('Support: 1-800-555-0199 · fleetcharge@example.com · 8:00 am - 5:00 pm CST')).toBeInTheDocument();
  });
});

describe('default layout: left menu from route metadata', () => {
  const items = (nav: HTMLElement) =>
    within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);

  it('a customer sees the customer screens it may open, never a corporate one', async () => {
    const nav = await open('/cust/welcome', testUser({ grantedTasks: [510] }));
    const names = items(nav);
    expect(names[0]).toBe('Welcome');
    expect(names).toContain('Purchase requirements');
    expect(names).toContain('My loyalty programmes');
    expect(names).not.toContain('Loyalty programmes');
    expect(names).not.toContain('Parts mapping');
    // Hidden routes (the profile page) are not menu items.
    expect(names).not.toContain('My profile');
  });

  it('a corporate user sees the screens of its tasks only', async () => {
    const nav = await open('/corp/welcome', testUser({ accountType: 0, grantedTasks: [508], custNo: null }));
    const names = items(nav);
    expect(names).toContain('Loyalty programmes');
    expect(names).not.toContain('Parts mapping');
    expect(names).not.toContain('Core management');
    expect(names).not.toContain('Purchase requirements');
    expect(within(nav).getByRole('link', { name: 'Loyalty programmes' })).toHaveAttribute('href', '/corp/loyalty');
  });

  it('the menu toggle opens and closes the menu', async () => {
    await open('/cust/welcome');
    const toggle = screen.getByRole('button', { name: 'Open or close the menu' });
    const before = toggle.getAttribute('aria-expanded');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).not.toBe(before);
  });
});

describe('default layout: skip link and the current page (issue 17)', () => {
  it('"Skip to main content" comes first and moves the focus to <main>', async () => {
    await open('/cust/welcome');
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    const links = screen.getAllByRole('link');
    expect(links[0]).toBe(skip);
    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('the menu item of the current page is marked aria-current="page", and only that one', async () => {
    const nav = await open('/cust/welcome');
    const current = within(nav)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.textContent)).toEqual(['Welcome']);
    expect(current[0]!.classList.contains('active')).toBe(true);
  });
});
