import { describe, expect, it } from 'vitest';
import type { AppConfig, CurrentUser } from '@fc/contract';
import { unauthorizedTarget } from './unauthorized';
import { logoutUrl } from '@/lib/session/logout';

const config = {
  loginLinks: {
    customer: { page: '/ui/{type}/login', formAction: '', requestAccount: '', welcome: '' },
    dealer: { page: '/{directory}/ui/{type}/login', formAction: '', welcome: '' },
    corporate: { page: '/ui/corp/login', formAction: '', welcome: '' },
  },
  logoutPath: '/framework/logout',
  alternatePortalPrefix: 'intl',
  alternateLogoutUrl: 'https://intl.example/{directory}/{type}/logout',
  externalLoginUrl: 'https://sso.example/{directory}/login?type={type}',
} as unknown as AppConfig;

const user = (over: Partial<CurrentUser> = {}): CurrentUser => ({
  username: 'u',
  fullName: 'U',
  accountType: 2,
  workingAccountType: null,
  alternatePortalUser: 'N',
  ssoUser: 'N',
  grantedTasks: [],
  language: 0,
  custNo: 10001,
  merchantNo: null,
  ...over,
});

describe('401 and 403 from a call (APP-10)', () => {
  it('sends a session held to enrolment of a second factor to the enrolment page (issue 19), whatever the call', () => {
    for (const path of ['/fc-common-api/x', '/framework/customers'])
      expect(unauthorizedTarget({ status: 403, code: 'mfa-enrolment-required', path, user: user({ accountType: 0 }), config })).toEqual({
        navigate: '/second-factor/enrol',
      });
    // The same code on a 401 is no enrolment question: the session is gone.
    expect(unauthorizedTarget({ status: 401, code: 'mfa-enrolment-required', path: '/fc-common-api/x', user: user(), config })).not.toEqual(
      {
        navigate: '/second-factor/enrol',
      },
    );
  });

  it('goes to /home with message 213 when the server ended the session for inactivity', () => {
    expect(unauthorizedTarget({ status: 401, code: '213', path: '/fc-common-api/x', user: user(), config })).toEqual({
      navigate: '/home?MESSAGE=213',
    });
  });

  it('carries other catalogue codes (6, 209) and drops codes that are not in the catalogue', () => {
    expect(unauthorizedTarget({ status: 401, code: '6', path: '/fc-common-api/x', user: null, config })).toEqual({
      navigate: '/home?MESSAGE=6',
    });
    expect(unauthorizedTarget({ status: 403, code: '209', path: '/fc-common-api/x', user: user(), config })).toEqual({
      navigate: '/home?MESSAGE=209',
    });
    expect(unauthorizedTarget({ status: 403, code: 'csrf', path: '/fc-common-api/x', user: user(), config })).toEqual({
      navigate: '/home',
    });
  });

  it('sends alternate-portal and single-sign-on users to the external login, placeholders filled', () => {
    expect(
      unauthorizedTarget({
        status: 401,
        code: '213',
        path: '/fc-common-api/x',
        user: user({ accountType: 1, alternatePortalUser: 'Y' }),
        config,
      }),
    ).toEqual({
      assign: 'https://sso.example/int-pro/login?type=merc',
    });
    expect(
      unauthorizedTarget({ status: 403, code: '209', path: '/framework/customers', user: user({ accountType: 0, ssoUser: 'Y' }), config }),
    ).toEqual({
      assign: 'https://sso.example/msc-pro/login?type=corp',
    });
  });

  it('without an external login configured, they go home like everyone', () => {
    const none = { ...config, externalLoginUrl: '' } as AppConfig;
    expect(unauthorizedTarget({ status: 401, code: '213', path: '/fc-common-api/x', user: user({ ssoUser: 'Y' }), config: none })).toEqual({
      navigate: '/home?MESSAGE=213',
    });
  });

  it("sends a framework call to the framework login address of the user's type", () => {
    expect(unauthorizedTarget({ status: 401, code: '213', path: '/framework/customers', user: user({ accountType: 1 }), config })).toEqual({
      assign: '/msc-pro/ui/merc/login?MESSAGE=213',
    });
    expect(unauthorizedTarget({ status: 401, code: '6', path: '/framework/customers', user: user(), config })).toEqual({
      assign: '/ui/cust/login?MESSAGE=6',
    });
  });
});

describe('sign-out address', () => {
  it('is the logout path, or the alternate address on another host for alternate-portal users, placeholders filled', () => {
    expect(logoutUrl(config, user())).toBe('/framework/logout');
    expect(logoutUrl(config, user({ accountType: 1, alternatePortalUser: 'Y' }))).toBe('https://intl.example/int-pro/merc/logout');
  });

  it('adds reason=timeout to our own logout only (another host gets its address as configured)', () => {
    expect(logoutUrl(config, user(), 'timeout')).toBe('/framework/logout?reason=timeout');
    expect(logoutUrl({ ...config, logoutPath: '/framework/logout?x=1' } as AppConfig, user(), 'timeout')).toBe(
      '/framework/logout?x=1&reason=timeout',
    );
    expect(logoutUrl(config, user({ alternatePortalUser: 'Y' }), 'timeout')).toBe('https://intl.example/int-pro/cust/logout');
  });

  it('falls back to /framework/logout before the config has loaded', () => {
    expect(logoutUrl(undefined, null)).toBe('/framework/logout');
  });
});
