import { describe, expect, it } from 'vitest';
import {
  secondFactorCodeFormSchema,
  secondFactorLoginFormSchema,
  secondFactorRemoveFormSchema,
  stepUpPasswordFormSchema,
} from './second-factor-forms';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('the web forms of the second factor (issue 19)', () => {
  it('an app code: six digits, spaces allowed between them', () => {
    const schema = secondFactorCodeFormSchema(false);
    expect(messages(schema.safeParse({ code: '123456' }))).toEqual([]);
    expect(messages(schema.safeParse({ code: ' 123 456 ' }))).toEqual([]);
    expect(messages(schema.safeParse({ code: '' }))).toEqual(['required|field=code']);
    expect(messages(schema.safeParse({ code: '12345' }))).toEqual(['totp-code-format']);
    expect(messages(schema.safeParse({ code: '1234567' }))).toEqual(['totp-code-format']);
    expect(messages(schema.safeParse({ code: 'abcde-12345' }))).toEqual(['totp-code-format']);
  });

  it('a recovery code: xxxxx-xxxxx in any case', () => {
    const schema = secondFactorCodeFormSchema(true);
    expect(messages(schema.safeParse({ code: 'abcde-12345' }))).toEqual([]);
    expect(messages(schema.safeParse({ code: 'ABCDE-12345' }))).toEqual([]);
    expect(messages(schema.safeParse({ code: '   ' }))).toEqual(['required|field=recoveryCode']);
    expect(messages(schema.safeParse({ code: '123456' }))).toEqual(['recovery-code-format']);
  });

  it('the code step posts CODE or RECOVERY_CODE, each checked by its own rule', () => {
    expect(messages(secondFactorLoginFormSchema(false).safeParse({ CODE: '000111' }))).toEqual([]);
    expect(messages(secondFactorLoginFormSchema(false).safeParse({ CODE: 'x' }))).toEqual(['totp-code-format']);
    expect(messages(secondFactorLoginFormSchema(true).safeParse({ RECOVERY_CODE: 'zzzzz-00000' }))).toEqual([]);
    expect(secondFactorLoginFormSchema(true).safeParse({ CODE: '000111' }).success).toBe(false);
  });

  it('the password is required where it is asked, and no longer than the login form allows', () => {
    expect(messages(stepUpPasswordFormSchema.safeParse({ password: '' }))).toEqual(['required|field=password']);
    expect(messages(stepUpPasswordFormSchema.safeParse({ password: 'x'.repeat(65) }))).toEqual(['maxLength|field=password&max=64']);
    expect(messages(secondFactorRemoveFormSchema(false).safeParse({ password: 'Demo2026', code: '' }))).toEqual(['required|field=code']);
    expect(messages(secondFactorRemoveFormSchema(true).safeParse({ password: 'Demo2026', code: 'abcde-12345' }))).toEqual([]);
  });
});
