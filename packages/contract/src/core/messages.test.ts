import { describe, expect, it } from 'vitest';
import { lookupMessage, MESSAGE_CATALOGUE, MessageCode, NAMED_MESSAGES } from './messages';

describe('lookupMessage', () => {
  it('finds catalogue codes with their type and translation key', () => {
    expect(lookupMessage('21')).toEqual({ code: '21', type: 'error', key: 'messages.21' });
    expect(lookupMessage('219')).toEqual({ code: '219', type: 'info', key: 'messages.219' });
    expect(lookupMessage(MessageCode.SessionExpired)?.type).toBe('error');
  });

  it('trims the value and finds named messages', () => {
    expect(lookupMessage(' 5 ')?.code).toBe('5');
    expect(lookupMessage('success')).toEqual({ code: 'success', type: 'info', key: 'messages.success' });
  });

  it('answers undefined for unknown, empty or absent values', () => {
    expect(lookupMessage('999')).toBeUndefined();
    expect(lookupMessage('')).toBeUndefined();
    expect(lookupMessage(null)).toBeUndefined();
    expect(lookupMessage(undefined)).toBeUndefined();
    expect(lookupMessage('<script>')).toBeUndefined();
  });

  it('every MessageCode is in the catalogue, and codes are unique', () => {
    for (const code of Object.values(MessageCode)) expect(lookupMessage(code), code).toBeDefined();
    const codes = [...MESSAGE_CATALOGUE, ...NAMED_MESSAGES].map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
