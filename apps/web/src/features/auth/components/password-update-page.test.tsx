import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { messageForInvalid, targetForAnswer } from './password-update-page';

const apiError = (status: number, code: string) => new ApiError(status, [{ status: String(status), code, title: 'Bad Request' }]);

/** Where the change-password page goes (AUTH-09: password change). */
describe('change password: where each answer goes', () => {
  const token = 'tok-123';
  const back = (message: string) => `/password/update?token=${token}&MESSAGE=${message}`;

  it('code 7 goes to /home?MESSAGE=7', () => {
    expect(targetForAnswer(token, { code: '7' })).toBe('/home?MESSAGE=7');
  });

  it('code 9 (same as a previous password) goes back to the update page with the token and MESSAGE=9', () => {
    expect(targetForAnswer(token, { error: apiError(400, '9') })).toBe(back('9'));
  });

  it('code 503 from the server goes back with MESSAGE=503', () => {
    expect(targetForAnswer(token, { error: apiError(400, '503') })).toBe(back('503'));
  });

  it('a common or breached password goes back with MESSAGE=common-password', () => {
    expect(targetForAnswer(token, { error: apiError(400, 'common-password') })).toBe(back('common-password'));
  });

  it('a request failure (network, 5xx, an unknown answer) uses 107', () => {
    expect(targetForAnswer(token, { error: new TypeError('Failed to fetch') })).toBe(back('107'));
    expect(targetForAnswer(token, { error: apiError(500, 'internal') })).toBe(back('107'));
    expect(targetForAnswer(token, { error: apiError(400, '107') })).toBe(back('107'));
    expect(targetForAnswer(token, { code: 'something-else' })).toBe(back('107'));
  });

  it('keeps a token with URL characters intact', () => {
    const url = new URL(targetForAnswer('a+b/c=', { error: apiError(400, '9') }), 'http://x');
    expect(url.searchParams.get('token')).toBe('a+b/c=');
    expect(url.searchParams.get('MESSAGE')).toBe('9');
  });
});

describe('change password: invalid input', () => {
  it("a mismatch alone shows 'match'", () => {
    expect(messageForInvalid({ confirmPassword: { type: 'custom', message: 'match' } })).toBe('match');
  });

  it('any other invalid input shows 503, a mismatch included', () => {
    expect(messageForInvalid({ password: { type: 'custom', message: '503' } })).toBe('503');
    expect(messageForInvalid({ password: { type: 'custom', message: '503' }, confirmPassword: { type: 'custom', message: 'match' } })).toBe(
      '503',
    );
    expect(messageForInvalid({ confirmPassword: { type: 'too_small', message: 'required' } })).toBe('503');
  });
});
