import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/api-mock';
import { englishTexts, renderPage, testUser } from '../../../../test/render';
import WelcomePage from './welcome-page';

beforeAll(englishTexts);
afterEach(() => vi.unstubAllGlobals());

const figure = (id: string, value: number, routeId: string) => ({ type: 'welcome-figure', id, attributes: { value, 'route-id': routeId } });

describe('welcome page', () => {
  it('shows the live figures, each leading to its screen, beside the screens the user may open', async () => {
    mockApi({
      'GET /fc-common-api/welcome/figures': {
        body: { data: [figure('loyalty-in-progress', 3, 'cust-loyalty'), figure('cards', 1204, 'purchase-requirements')] },
      },
    });
    renderPage(<WelcomePage />, { url: '/cust/welcome', user: testUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Casey Customer' })).toBeInTheDocument();
    const loyalty = await screen.findByTestId('figure-loyalty-in-progress');
    expect(loyalty).toHaveTextContent('3Loyalty programmes running');
    expect(loyalty).toHaveAttribute('href', '/cust/loyalty');
    expect(screen.getByTestId('figure-cards')).toHaveTextContent('1,204Cards on your account');
    // The screens: a customer with task 510 opens purchase requirements and the loyalty page.
    const screens = within(screen.getAllByRole('list').at(-1)!);
    expect(screens.getByRole('link', { name: /Purchase requirements/ })).toHaveAttribute('href', '/cust/purchase-requirements');
    expect(screens.getByRole('link', { name: /My loyalty programmes/ })).toHaveAttribute('href', '/cust/loyalty');
  });

  it('says so when the figures cannot be loaded, and still lists the screens', async () => {
    mockApi({ 'GET /fc-common-api/welcome/figures': { status: 500, body: { errors: [{ status: '500' }] } } });
    renderPage(<WelcomePage />, { url: '/cust/welcome', user: testUser() });
    expect(await screen.findByText('The figures could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Purchase requirements/ })).toBeInTheDocument();
  });
});
