import { describe, expect, it } from 'vitest';
import {
  passwordUpdateFormSchema,
  profileFormSchema,
  profileUpdateSchema,
  RESET_TOKEN_PATTERN,
  resetPasswordSchema,
  resetRequestSchema,
} from './schemas';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? null : { message: r.error!.issues[0]!.message, path: r.error!.issues[0]!.path.join('.') };

describe('forgot password (AUTH-05)', () => {
  it('needs a username of at most 64 characters, trimmed', () => {
    expect(resetRequestSchema.parse({ user: '  casey ' })).toEqual({ user: 'casey' });
    expect(firstMessage(resetRequestSchema.safeParse({ user: ' ' }))).toEqual({ message: 'required|field=username', path: 'user' });
    expect(firstMessage(resetRequestSchema.safeParse({}))).toEqual({ message: 'required|field=username', path: 'user' });
    expect(firstMessage(resetRequestSchema.safeParse({ user: 'a'.repeat(65) }))).toEqual({
      message: 'maxLength|field=username&max=64',
      path: 'user',
    });
  });
});

describe('change password form', () => {
  it('accepts a valid password and its confirmation', () => {
    expect(passwordUpdateFormSchema.safeParse({ password: 'Abcdef12', confirmPassword: 'Abcdef12' }).success).toBe(true);
  });

  it("says 'match' when only the confirmation differs", () => {
    expect(firstMessage(passwordUpdateFormSchema.safeParse({ password: 'Abcdef12', confirmPassword: 'Abcdef13' }))).toEqual({
      message: 'match',
      path: 'confirmPassword',
    });
  });

  it.each(['short1', 'lettersonly', 'Toolong123456', 'Pass_2026', 'a1'.repeat(33)])('says 503 for %s', (password) => {
    expect(firstMessage(passwordUpdateFormSchema.safeParse({ password, confirmPassword: password }))).toEqual({
      message: '503',
      path: 'password',
    });
  });

  it('needs both fields', () => {
    const r = passwordUpdateFormSchema.safeParse({ password: '', confirmPassword: '' });
    expect(r.success).toBe(false);
    expect([...new Set(r.error!.issues.map((i) => i.path.join('.')))].sort()).toEqual(['confirmPassword', 'password']);
  });
});

describe('reset_password body', () => {
  it('answers 503 for a password outside the rule', () => {
    expect(firstMessage(resetPasswordSchema.safeParse({ token: 'x'.repeat(43), password: 'nodigits' }))).toEqual({
      message: '503',
      path: 'password',
    });
    expect(resetPasswordSchema.safeParse({ token: 'x'.repeat(43), password: 'Digits123' }).success).toBe(true);
  });

  it('a token is base64url of at least 128 bits', () => {
    expect(RESET_TOKEN_PATTERN.test('A'.repeat(43))).toBe(true);
    expect(RESET_TOKEN_PATTERN.test('A'.repeat(21))).toBe(false);
    expect(RESET_TOKEN_PATTERN.test('A/B+'.repeat(10))).toBe(false);
  });
});

describe('profile', () => {
  it('needs a valid e-mail address and a language code 0, 1 or 2', () => {
    expect(profileUpdateSchema.parse({ email: ' a@example.com ', language: 1 })).toEqual({ email: 'a@example.com', language: 1 });
    expect(firstMessage(profileUpdateSchema.safeParse({ email: 'nope', language: 0 }))).toEqual({ message: 'email', path: 'email' });
    expect(profileUpdateSchema.safeParse({ email: 'a@example.com', language: 3 }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ email: 'a@example.com', language: 0, isAdmin: true }).success).toBe(false);
  });
});

describe('profile form: a new recovery address needs the current password', () => {
  const form = profileFormSchema('me@example.com');
  it('asks for the current password only when the address changes', () => {
    expect(form.safeParse({ email: 'me@example.com', language: 2 }).success).toBe(true);
    expect(firstMessage(form.safeParse({ email: 'other@example.com', language: 0 }))).toEqual({
      message: 'required|field=currentPassword',
      path: 'currentPassword',
    });
    expect(form.safeParse({ email: 'other@example.com', language: 0, currentPassword: 'Right2026' }).success).toBe(true);
  });

  it('a first address (none saved) needs it too', () => {
    expect(profileFormSchema(null).safeParse({ email: 'new@example.com', language: 0 }).success).toBe(false);
  });
});
