import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { englishTexts, renderPage, testUser } from '../../../../test/render';
import NotFoundPage from './not-found-page';
import ForbiddenPage from './forbidden-page';

beforeAll(englishTexts);

/** The browser history's length, as the pages read it (window.history.length). */
function historyOf(length: number) {
  Object.defineProperty(window.history, 'length', { configurable: true, get: () => length });
}
afterEach(() => {
  delete (window.history as unknown as Record<string, unknown>).length;
  vi.unstubAllGlobals();
});

describe('404 page', () => {
  it("says 'Oops. Nothing here...' with Go home to / and no Go back on a first page", async () => {
    historyOf(1);
    renderPage(<NotFoundPage />, { url: '/error-404', path: '/error-404' });
    expect(await screen.findByRole('heading', { name: 'Oops. Nothing here...' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Go back' })).not.toBeInTheDocument();
  });

  it('Go back, when history has more than one entry, goes back one', async () => {
    historyOf(2);
    renderPage(<NotFoundPage />, { entries: ['/before', '/error-404'], path: '/error-404' });
    fireEvent.click(await screen.findByRole('button', { name: 'Go back' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/before');
  });
});

describe('403 page', () => {
  it('heading, access text and support contact; no Back with 2 entries of history', async () => {
    historyOf(2);
    renderPage(<ForbiddenPage />, { entries: ['/corp/loyalty', '/error-403'], path: '/error-403', user: testUser() });
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to access this resource.')).toBeInTheDocument();
    expect(screen.getByText('Need help? Call 1-800-555-0199 or e-mail fleetcharge@example.com.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('Back, when history is longer than 2 entries, goes back 2 (past the page that sent here)', async () => {
    historyOf(3);
    renderPage(<ForbiddenPage />, { entries: ['/cust/welcome', '/corp/loyalty', '/error-403'], path: '/error-403', user: testUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/cust/welcome');
  });

  it("Home goes to the welcome page of the user's type", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderPage(<ForbiddenPage />, { url: '/error-403', path: '/error-403', user: testUser({ accountType: 1, merchantNo: 1001 }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Home' }));
    expect(assign).toHaveBeenCalledWith('/ui/merc/welcome');
  });
});
