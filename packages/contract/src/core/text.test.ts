import { describe, expect, it } from 'vitest';
import { hasUnstorableCharacter, isNameOrDescriptionField, stripInvisible } from './text';

describe('characters of text input (decision 0320)', () => {
  it('finds NUL and lone surrogates, not paired ones', () => {
    expect(hasUnstorableCharacter('a\u0000b')).toBe(true);
    expect(hasUnstorableCharacter('\ud800')).toBe(true);
    expect(hasUnstorableCharacter('x\udc00')).toBe(true);
    expect(hasUnstorableCharacter('\ud83d\ude9a truck')).toBe(false);
    expect(hasUnstorableCharacter('plain, ünïcödé; \u202e')).toBe(false);
  });

  it('strips bidirectional controls and zero-width characters, nothing else', () => {
    expect(stripInvisible('Acme \u202eexe.gnp\u202c')).toBe('Acme exe.gnp');
    expect(stripInvisible('\u2066a\u2069\u200b\u200c\u200d\u2060\ufeff\u200e\u200f\u061cb')).toBe('ab');
    expect(stripInvisible('Crème brûlée 🚚')).toBe('Crème brûlée 🚚');
  });

  it('names and descriptions, not usernames, e-mail addresses, passwords or file names', () => {
    for (const k of ['name', 'custName', 'company_name', 'description', 'programDesc', 'job_title'])
      expect(isNameOrDescriptionField(k), k).toBe(true);
    for (const k of ['username', 'USERNAME', 'user_name', 'password', 'newPassword', 'email', 'e_mail', 'fileName', 'search']) {
      expect(isNameOrDescriptionField(k), k).toBe(false);
    }
  });
});
