import { describe, expect, it } from 'vitest';
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
