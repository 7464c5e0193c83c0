import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserDoc, mockApi } from '../../../../test/api-mock';
import { renderPage } from '../../../../test/render';
import { LandingRedirect } from './landing-redirect';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Opens a landing page for whoever users/check says is signed in; answers where the browser went. */
async function land(user: Record<string, unknown> | null, search = '') {
  mockApi({ 'GET /fc-common-api/users/check': { body: user ? currentUserDoc(user) : { data: [] } } });
  const replace = vi.fn();
  vi.stubGlobal('location', { ...window.location, search, replace, assign: vi.fn() });
  const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
  renderPage(<LandingRedirect />, { url: '/home' });
  return { replace, submit };
}

describe('logged-in redirect of landing pages (APP-11)', () => {
  it.each([
    [2, '/ui/cust/welcome'],
    [1, '/ui/merc/welcome'],
    [0, '/ui/corp/welcome'],
  ])('account type %i goes to %s', async (type, welcome) => {
    const { replace, submit } = await land({ 'account-type': type });
    await waitFor(() => expect(replace).toHaveBeenCalledWith(welcome));
    expect(submit).not.toHaveBeenCalled();
  });

  it('any other account type is signed out: a POST to the logout endpoint, no welcome page', async () => {
    const { replace, submit } = await land({ 'account-type': 7 });
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.method).toBe('post');
    expect(new URL(form.action).pathname).toBe('/framework/logout');
    expect(replace).not.toHaveBeenCalled();
  });

  it('a message on the landing page (209 after a 403) goes along to the welcome page (issue 17)', async () => {
    const { replace } = await land({ 'account-type': 1 }, '?MESSAGE=209');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/ui/merc/welcome?MESSAGE=209'));
  });

  it('a visitor stays on the page', async () => {
    const { replace, submit } = await land(null);
    await new Promise((r) => setTimeout(r, 50));
    expect(replace).not.toHaveBeenCalled();
    expect(submit).not.toHaveBeenCalled();
  });
});
