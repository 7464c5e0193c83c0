import { describe, expect, it } from 'vitest';
import { DEFAULT_PROMOTIONS } from '@fc/contract';
import { ConfigError, loadConfig } from '../src/config';

const load = (env: Record<string, string>) => loadConfig(env, '/srv/portal');

function errorOf(env: Record<string, string>): string {
  try {
    load(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('loadConfig accepted a bad configuration');
}

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = load({});
    expect(c.PORT).toBe(3000);
    expect(c.PUBLIC_URL).toBe('http://localhost:3000');
    expect(c.dataDir).toBe('/srv/portal/.data');
    expect(c.secureCookies).toBe(false);
    expect(c.seedDemo).toBe(true);
    expect(c.SESSION_WARNING_MINUTES).toBeLessThan(c.SESSION_FULL_MINUTES);
    expect(c.LOGIN_LOCK_ATTEMPTS).toBe(5);
  });

  it('derives PUBLIC_URL, secure cookies and seeding', () => {
    const c = load({ PORT: '8080', NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example/' });
    expect(c.PUBLIC_URL).toBe('https://portal.example');
    expect(c.secureCookies).toBe(true);
    expect(c.seedDemo).toBe(false);
    expect(load({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(load({ SEED_DEMO: 'yes', NODE_ENV: 'production' }).seedDemo).toBe(true);
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '-1' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/portal' }],
    ['DATABASE_URL', { DATABASE_URL: 'localhost:5432' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'not a url' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['SESSION_FULL_MINUTES', { SESSION_FULL_MINUTES: '0' }],
    ['JOBS_ENABLED', { JOBS_ENABLED: 'maybe' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
  ])('rejects a bad %s with a message naming it', (name, env) => {
    const message = errorOf(env);
    expect(message).toContain(name);
    expect(message).toContain('Invalid configuration');
  });

  it("the promotions default to the specification's offers and follow their variables", () => {
    expect(load({}).promotions).toEqual(DEFAULT_PROMOTIONS);
    // The specification's offers: 2% back on 2025 purchases from April, issued January 2026; $250 then $400 more.
    expect(DEFAULT_PROMOTIONS.creditBack).toEqual({ percent: 2, from: '2025-04-01', to: '2025-12-31', issued: '2026-01' });
    expect(DEFAULT_PROMOTIONS.bonus).toMatchObject({ from: '2024-08-01', firstTo: '2024-10-01', firstSpend: 2500, firstCredit: 250 });
    expect(DEFAULT_PROMOTIONS.bonus).toMatchObject({ to: '2024-12-31', secondSpend: 6000, secondCredit: 400 });
    const next = load({
      CREDIT_BACK_PERCENT: '3',
      CREDIT_BACK_FROM: '2026-04-01',
      CREDIT_BACK_TO: '2026-12-31',
      CREDIT_BACK_ISSUED: '2027-01',
      BONUS_FIRST_CREDIT: '300',
      BONUS_FIRST_SPEND: '3000',
    }).promotions;
    expect(next.creditBack).toEqual({ percent: 3, from: '2026-04-01', to: '2026-12-31', issued: '2027-01' });
    expect(next.bonus).toMatchObject({ firstCredit: 300, firstSpend: 3000, secondCredit: 400 });
  });

  it('a bad promotion value stops the start, naming its variable', () => {
    expect(errorOf({ CREDIT_BACK_FROM: '04/01/2026' })).toContain('CREDIT_BACK_FROM');
    expect(errorOf({ CREDIT_BACK_FROM: '2026-04-01', CREDIT_BACK_TO: '2026-03-31' })).toContain('CREDIT_BACK_TO');
    expect(errorOf({ CREDIT_BACK_ISSUED: '2025-06' })).toContain('CREDIT_BACK_ISSUED');
    expect(errorOf({ BONUS_SECOND_CREDIT: '-5' })).toContain('BONUS_SECOND_CREDIT');
    expect(errorOf({ CREDIT_BACK_PERCENT: 'two' })).toContain('CREDIT_BACK_PERCENT');
  });

  it('rejects SESSION_WARNING_MINUTES >= SESSION_FULL_MINUTES, naming both', () => {
    for (const [warning, full] of [
      ['30', '30'],
      ['40', '30'],
    ]) {
      const message = errorOf({ SESSION_WARNING_MINUTES: warning!, SESSION_FULL_MINUTES: full! });
      expect(message).toContain('SESSION_WARNING_MINUTES');
      expect(message).toContain('SESSION_FULL_MINUTES');
    }
    expect(load({ SESSION_WARNING_MINUTES: '29', SESSION_FULL_MINUTES: '30' }).SESSION_FULL_MINUTES).toBe(30);
  });

  it('SESSION_MAX_HOURS, the absolute session lifetime, is 12 hours by default and not shorter than the idle timeout', () => {
    expect(load({}).SESSION_MAX_HOURS).toBe(12);
    expect(load({ SESSION_MAX_HOURS: '8' }).SESSION_MAX_HOURS).toBe(8);
    expect(errorOf({ SESSION_MAX_HOURS: '0' })).toContain('SESSION_MAX_HOURS');
    const message = errorOf({ SESSION_MAX_HOURS: '1', SESSION_WARNING_MINUTES: '60', SESSION_FULL_MINUTES: '90' });
    expect(message).toContain('SESSION_FULL_MINUTES');
    expect(message).toContain('SESSION_MAX_HOURS');
  });

  it('accepts postgres:// and postgresql:// addresses', () => {
    expect(load({ DATABASE_URL: 'postgres://u@h:5432/d' }).DATABASE_URL).toBe('postgres://u@h:5432/d');
    expect(load({ DATABASE_URL: 'postgresql://u@h/d' }).DATABASE_URL).toBe('postgresql://u@h/d');
  });
});
