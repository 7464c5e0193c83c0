import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { api, loginAs, postLogin, DEMO_PASSWORD, seedUsers } from '../helpers/http';

/**
 * The {directory} and {type} placeholders of configured links (APP-14): msc-pro before
 * sign-in, int-pro for a signed-in alternate-portal user, every occurrence filled.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      LOGIN_PAGE_LINK: '/ui/{type}/login?dir={directory}&again={type}',
      WELCOME_LINK: '/ui/{type}/welcome?dir={directory}',
      REQUEST_ACCOUNT_LINK: '/ui/{type}/request?dir={directory}',
      EXTERNAL_LOGIN_URL: 'https://sso.example/{directory}/login?type={type}',
      LINK_DEALER_MANUAL: '/docs/{directory}/dealer-manual.pdf',
      CREDIT_BACK_PERCENT: '3',
      CREDIT_BACK_ISSUED: '2026-02',
      BONUS_SECOND_CREDIT: '450',
    },
  });
  await seedUsers(t.ctx);
});
afterAll(async () => {
  await t?.close();
});

const configOf = async (cookie?: string) => (await api(t.app, cookie).get('/fc-common-api/app-config')).body.data[0].attributes;

describe('app config promotions', () => {
  it('serves the configured offers to the public pages, the rest at their defaults', async () => {
    const c = await configOf();
    expect(c.promotions.creditBack).toEqual({ percent: 3, from: '2025-04-01', to: '2025-12-31', issued: '2026-02' });
    expect(c.promotions.bonus).toMatchObject({ firstCredit: 250, secondCredit: 450, to: '2024-12-31' });
  });
});

describe('app config links', () => {
  it('before sign-in: msc-pro and each login link its own type, everywhere it appears', async () => {
    const c = await configOf();
    expect(c.loginLinks.customer.page).toBe('/ui/cust/login?dir=msc-pro&again=cust');
    expect(c.loginLinks.customer.requestAccount).toBe('/ui/cust/request?dir=msc-pro');
    expect(c.loginLinks.dealer.page).toBe('/ui/merc/login?dir=msc-pro&again=merc');
    expect(c.loginLinks.corporate.welcome).toBe('/ui/corp/welcome?dir=msc-pro');
    expect(c.loginLinks.dealer.formAction).toBe('/framework/login/merc');
    expect(c.programLinks['dealer-manual']).toBe('/docs/msc-pro/dealer-manual.pdf');
    expect(JSON.stringify(c.loginLinks)).not.toMatch(/\{(directory|type)\}/);
  });

  it('for a signed-in alternate-portal dealer: int-pro, and its own type in the external login', async () => {
    const c = await configOf(await loginAs(t.app, 'intl'));
    expect(c.loginLinks.dealer.page).toBe('/ui/merc/login?dir=int-pro&again=merc');
    expect(c.loginLinks.customer.page).toBe('/ui/cust/login?dir=int-pro&again=cust');
    expect(c.externalLoginUrl).toBe('https://sso.example/int-pro/login?type=merc');
    expect(JSON.stringify(c)).not.toMatch(/\{(directory|type)\}/);
  });

  it('for a signed-in customer: msc-pro, its own type', async () => {
    const c = await configOf(await loginAs(t.app, 'customer'));
    expect(c.externalLoginUrl).toBe('https://sso.example/msc-pro/login?type=cust');
    expect(c.loginLinks.dealer.page).toBe('/ui/merc/login?dir=msc-pro&again=merc');
  });

  it('the login links and the welcome redirect use the same filling', async () => {
    const links = (await api(t.app).get('/fc-common-api/login-links')).body.data[0].attributes;
    expect(links).toEqual({
      cust: '/ui/cust/login?dir=msc-pro&again=cust',
      merc: '/ui/merc/login?dir=msc-pro&again=merc',
      corp: '/ui/corp/login?dir=msc-pro&again=corp',
    });
    const res = await postLogin(t.app, 'merc', { USERNAME: 'intl', PASSWORD: DEMO_PASSWORD });
    expect(res.headers.location).toBe('/intl/ui/merc/welcome?dir=int-pro');
  });
});
