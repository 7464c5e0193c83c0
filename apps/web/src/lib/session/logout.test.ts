import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_CHANNEL } from '@fc/contract/session';
import type { AppConfig, CurrentUser } from '@fc/contract';
import { logout } from './logout';

const config = { logoutPath: '/framework/logout', alternateLogoutUrl: 'https://intl.example/{directory}/logout' } as AppConfig;
const user = (alternatePortalUser: 'Y' | 'N' = 'N') => ({ username: 'u', accountType: 1, alternatePortalUser }) as CurrentUser;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** The form that logout() submitted: sign-out is a POST (the server has no GET that signs out). */
function submittedForm(): HTMLFormElement {
  const submit = vi.mocked(HTMLFormElement.prototype.submit);
  expect(submit).toHaveBeenCalledTimes(1);
  return submit.mock.contexts[0] as HTMLFormElement;
}

describe('logout', () => {
  it('posts a form to the logout endpoint, with reason=timeout when the timeout signs out', () => {
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    logout(config, user(), { reason: 'timeout' });
    const form = submittedForm();
    expect(form.method).toBe('post');
    expect(new URL(form.action).pathname + new URL(form.action).search).toBe('/framework/logout?reason=timeout');
  });

  it('carries the form token of its cookie (the server refuses a sign-out form without it)', () => {
    const token = 't'.repeat(43);
    document.cookie = `fc_csrf=${token}; path=/`;
    try {
      vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
      logout(config, user());
      const field = submittedForm().elements.namedItem('CSRF_TOKEN') as HTMLInputElement;
      expect(field.type).toBe('hidden');
      expect(field.value).toBe(token);
    } finally {
      document.cookie = 'fc_csrf=; path=/; max-age=0';
    }
  });

  it('tells the other tabs, with its reason', async () => {
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const other = new BroadcastChannel(SESSION_CHANNEL);
    const heard = new Promise((resolve) => (other.onmessage = (e: MessageEvent) => resolve(e.data)));
    logout(config, user());
    expect(await heard).toEqual({ type: 'logout' });
    other.close();
  });

  it('an alternate-portal logout on another host: our own session is ended by a POST first, then the browser goes there', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    logout(config, user('Y'), { broadcast: false });
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://intl.example/int-pro/logout'));
    expect(fetchMock).toHaveBeenCalledWith('/framework/logout', expect.objectContaining({ method: 'POST' }));
  });
});
