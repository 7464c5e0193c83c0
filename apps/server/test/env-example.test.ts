import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig, SETTING_NAMES } from '../src/config';

const file = path.resolve(__dirname, '../../../.env.example');
const text = fs.readFileSync(file, 'utf8');

describe('.env.example (npm start -- --env-file=...)', () => {
  it('names every setting of the server, set or commented out', () => {
    const named = new Set([...text.matchAll(/^(?:# )?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect([...SETTING_NAMES].filter((n) => !named.has(n))).toEqual([]);
    expect([...named].filter((n) => !SETTING_NAMES.includes(n!))).toEqual([]);
  });

  it('is a configuration the server accepts as it stands', () => {
    const env = parseEnv(text);
    expect(Object.keys(env).length).toBeGreaterThan(50);
    const config = loadConfig(env as NodeJS.ProcessEnv, '/srv/portal');
    expect(config.NODE_ENV).toBe('production');
    expect(config.seedDemo).toBe(false);
  });
});
