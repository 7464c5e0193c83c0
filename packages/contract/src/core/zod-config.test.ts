import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { config } from 'zod/v4/core';
import { disableZodEval } from './zod-config';

describe('disableZodEval', () => {
  it("sets zod's own jitless setting, without importing zod", () => {
    const before = config().jitless;
    try {
      disableZodEval();
      expect(config().jitless).toBe(true);
      // The global it writes is the very object zod's config() returns (a zod upgrade that moves it fails here).
      expect((globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig).toBe(config());
      // Schemas built afterwards still parse.
      expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
    } finally {
      config({ jitless: before });
    }
  });
});
