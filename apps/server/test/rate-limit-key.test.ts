import { describe, expect, it } from 'vitest';
import { rateLimitKey } from '../src/http/rate-limit-key';

describe('rate limit key', () => {
  it('is the client address, IPv4-mapped addresses as IPv4 and IPv6 by subnet', () => {
    expect(rateLimitKey({ ip: '203.0.113.7' })).toBe('203.0.113.7');
    expect(rateLimitKey({ ip: '::ffff:203.0.113.7' })).toBe('203.0.113.7');
    expect(rateLimitKey({ ip: '2001:db8:1:2:3:4:5:6' })).toBe(rateLimitKey({ ip: '2001:db8:1:2:ffff:4:5:6' }));
  });

  it('does not throw for a request whose client has gone (no address)', () => {
    expect(rateLimitKey({ ip: undefined })).toBe('connection-closed');
  });
});
