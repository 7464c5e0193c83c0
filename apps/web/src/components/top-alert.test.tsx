import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { englishTexts, renderPage } from '../../test/render';
import { useUrlSearchParams } from '@/lib/url-search';
import { TopAlert } from './top-alert';

beforeAll(englishTexts);

describe('top alert from MESSAGE (APP-04, MSG-01)', () => {
  it('an error code: the catalogue text, warning icon, error style, announced as an alert', async () => {
    renderPage(<TopAlert />, { url: '/cust/login?MESSAGE=21' });
    const alert = await screen.findByTestId('top-alert');
    expect(alert).toHaveTextContent('Incorrect username or password.');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert.className).toMatch(/MuiAlert-colorError/);
    expect(alert.querySelector('[data-testid="WarningAmberIcon"]')).not.toBeNull();
  });

  it('any other type (219 logged out, 7 password changed): the info style and icon, announced politely', async () => {
    for (const code of ['219', '7']) {
      const { unmount } = renderPage(<TopAlert />, { url: `/home?MESSAGE=${code}` });
      const alert = await screen.findByTestId('top-alert');
      expect(alert).toHaveAttribute('role', 'status');
      expect(alert.className).toMatch(/MuiAlert-colorInfo/);
      expect(alert.className).not.toMatch(/Error/);
      expect(alert.querySelector('[data-testid="InfoOutlinedIcon"]')).not.toBeNull();
      unmount();
    }
  });

  it('fills the support phone of 237 from the app config', async () => {
    renderPage(<TopAlert />, { url: '/home?MESSAGE=237' });
    expect(await screen.findByTestId('top-alert')).toHaveTextContent(
      'The site is down for maintenance. For transaction authorizations call 1-800-555-0199.',
    );
  });

  it('shows nothing for no MESSAGE or a code that is not in the catalogue', async () => {
    for (const url of ['/home', '/home?MESSAGE=999', '/home?MESSAGE=<b>x</b>']) {
      const { unmount, container } = renderPage(<TopAlert />, { url });
      await waitFor(() => expect(container.querySelector('[data-testid="top-alert"]')).toBeNull());
      unmount();
    }
  });

  it('Dismiss hides it', async () => {
    renderPage(<TopAlert />, { url: '/home?MESSAGE=219' });
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('You have been logged out.')).not.toBeVisible());
  });

  it('a dismissed message stays dismissed while a table under it pages (a shallow change of the query)', async () => {
    function PagedTable() {
      const [, setParams] = useUrlSearchParams();
      return (
        <button type="button" onClick={() => setParams((p) => (p.set('page', '2'), p), { replace: true, shallow: true })}>
          Next page
        </button>
      );
    }
    renderPage(
      <>
        <TopAlert />
        <PagedTable />
      </>,
      { url: '/home?MESSAGE=219' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('You have been logged out.')).not.toBeVisible());
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByText('You have been logged out.')).not.toBeVisible();
  });
});
