import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidPassword, loginFormSchema, newPasswordSchema, USERNAME_MAX } from './schemas';

describe('password rule (message 503)', () => {
  it.each(['abcdefg1', 'ABCDEFGH12', 'a1b2c3d4e5f6', '12345678', 'Demo2026'])('accepts %s', (p) => {
    expect(isValidPassword(p)).toBe(true);
    expect(newPasswordSchema.safeParse(p).success).toBe(true);
  });

  it.each([
    ['too short', 'abcdef1'],
    ['too long', 'abcdefghijk12'],
    ['no digit', 'abcdefgh'],
    ['special character', 'abcdef1!'],
    ['space', 'abcd ef12'],
    ['non-ASCII letter', 'abcdéf12'],
    ['empty', ''],
  ])('refuses %s (%j) with 503', (_why, p) => {
    expect(isValidPassword(p)).toBe(false);
    const r = newPasswordSchema.safeParse(p);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe('503');
  });

  it('property: any accepted string is 8-12 ASCII letters and digits with a digit', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (s) => {
        if (!isValidPassword(s)) return;
        expect(s).toMatch(/^[A-Za-z0-9]+$/);
        expect(s).toMatch(/\d/);
        expect(s.length).toBeGreaterThanOrEqual(8);
        expect(s.length).toBeLessThanOrEqual(12);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: every string of 8-12 letters and digits with a digit is accepted', () => {
    const alnum = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split(''));
    fc.assert(
      fc.property(fc.array(alnum, { minLength: 7, maxLength: 11 }), fc.integer({ min: 0, max: 9 }), fc.nat(), (chars, digit, at) => {
        const s = [...chars];
        s.splice(at % (s.length + 1), 0, String(digit));
        expect(isValidPassword(s.join(''))).toBe(true);
      }),
    );
  });
});

describe('loginFormSchema', () => {
  it('requires both fields and limits the username', () => {
    expect(loginFormSchema.safeParse({ USERNAME: 'u', PASSWORD: 'p' }).success).toBe(true);
    const empty = loginFormSchema.safeParse({ USERNAME: '', PASSWORD: '' });
    expect(empty.error!.issues.map((i) => i.message)).toEqual(['required|field=username', 'required|field=password']);
    const long = loginFormSchema.safeParse({ USERNAME: 'u'.repeat(USERNAME_MAX + 1), PASSWORD: 'p' });
    expect(long.error!.issues[0]!.message).toBe(`maxLength|field=username&max=${USERNAME_MAX}`);
  });
});
