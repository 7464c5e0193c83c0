import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@fc/contract';

/** The TOTP of RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30-second steps. */
export function totpOf(secretBase32: string, label = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random secret of 160 bits (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/**
 * The time step of `code` when it is the code of the current step or of the one before or after (clock drift
 * of ±30 s), else undefined. Whether that step was already used is the caller's check (repo.acceptStep).
 */
export function matchingStep(secretBase32: string, code: string, now = Date.now()): number | undefined {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}
