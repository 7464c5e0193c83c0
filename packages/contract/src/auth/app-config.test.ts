import { describe, expect, it } from 'vitest';
import { fillAppConfigLinks, type AppConfig } from './app-config';
import { fillLink, linkValues } from './config-links';

const template = (over: Partial<AppConfig> = {}): AppConfig =>
  ({
    termsConditions: '/ui/toc',
    loginLinks: {
      customer: {
        page: '/{directory}/ui/{type}/login?again={type}',
        formAction: '/framework/login/{type}',
        requestAccount: '/{directory}/ui/{type}/request',
        welcome: '/ui/{type}/welcome',
      },
      dealer: { page: '/{directory}/ui/{type}/login', formAction: '/framework/login/{type}', welcome: '/{directory}/{type}/welcome' },
      corporate: { page: '/{directory}/ui/{type}/login', formAction: '/framework/login/{type}', welcome: '/ui/{type}/welcome' },
    },
    logoutPath: '/framework/logout',
    alternateLogoutUrl: 'https://intl.example/{directory}/{type}/logout',
    externalLoginUrl: 'https://sso.example/{directory}/login?type={type}',
    programLinks: {
      'dealer-manual': '/docs/{directory}/dealer.pdf',
      'customer-manual': '/docs/customer.pdf',
      'contact-us': 'mailto:x@example.com',
      'international-trucks': 'https://trucks.example',
      'dealer-locator': 'https://trucks.example/{type}',
    },
    ...over,
  }) as AppConfig;

describe('link placeholders {directory} and {type} (APP-14)', () => {
  it('fillLink replaces every occurrence, and leaves {type} when no type is known', () => {
    expect(fillLink('/{directory}/{type}/{type}', { directory: 'int-pro', type: 'merc' })).toBe('/int-pro/merc/merc');
    expect(fillLink('/{directory}/{type}', { directory: 'msc-pro' })).toBe('/msc-pro/{type}');
  });

  it('linkValues: msc-pro before sign-in, int-pro for an alternate-portal user (flag Y or true), the working type first', () => {
    expect(linkValues(null)).toEqual({ directory: 'msc-pro', type: undefined });
    expect(linkValues(null, 'cust')).toEqual({ directory: 'msc-pro', type: 'cust' });
    expect(linkValues({ accountType: 1, alternatePortalUser: 'Y' })).toEqual({ directory: 'int-pro', type: 'merc' });
    expect(linkValues({ accountType: 1, alternatePortalUser: true }, 'corp')).toEqual({ directory: 'int-pro', type: 'corp' });
    expect(linkValues({ accountType: 0, workingAccountType: 2, alternatePortalUser: 'N' })).toEqual({ directory: 'msc-pro', type: 'cust' });
  });

  it('before sign-in every login link is filled with msc-pro and its own type', () => {
    const c = fillAppConfigLinks(template(), null);
    expect(c.loginLinks.customer).toEqual({
      page: '/msc-pro/ui/cust/login?again=cust',
      formAction: '/framework/login/cust',
      requestAccount: '/msc-pro/ui/cust/request',
      welcome: '/ui/cust/welcome',
    });
    expect(c.loginLinks.dealer).toEqual({
      page: '/msc-pro/ui/merc/login',
      formAction: '/framework/login/merc',
      welcome: '/msc-pro/merc/welcome',
    });
    expect(c.loginLinks.corporate.page).toBe('/msc-pro/ui/corp/login');
    expect(c.programLinks['dealer-manual']).toBe('/docs/msc-pro/dealer.pdf');
    // A link of the viewer's own type waits for a signed-in user.
    expect(c.externalLoginUrl).toBe('https://sso.example/msc-pro/login?type={type}');
  });

  it('for a signed-in alternate-portal dealer: int-pro everywhere, and its own type in its own links', () => {
    const c = fillAppConfigLinks(template(), { accountType: 1, alternatePortalUser: true });
    expect(c.loginLinks.dealer.page).toBe('/int-pro/ui/merc/login');
    expect(c.loginLinks.customer.page).toBe('/int-pro/ui/cust/login?again=cust');
    expect(c.alternateLogoutUrl).toBe('https://intl.example/int-pro/merc/logout');
    expect(c.externalLoginUrl).toBe('https://sso.example/int-pro/login?type=merc');
    expect(c.programLinks['dealer-locator']).toBe('https://trucks.example/merc');
    expect(JSON.stringify(c)).not.toMatch(/\{(directory|type)\}/);
  });
});
