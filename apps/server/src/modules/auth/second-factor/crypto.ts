import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { RECOVERY_CODE_COUNT } from '@fc/contract';
import type { Config } from '../../../config';

/*
 * The secrets of the second factor at rest (decision 0700): TOTP secrets sealed with AES-256-GCM under
 * MFA_ENCRYPTION_KEY (bound to their user), recovery codes kept only as salted SHA-256 hashes.
 */

export const KEY_FILE = 'mfa-encryption.key';
const keys = new Map<string, Buffer>();

/** The 256-bit key: the SHA-256 of MFA_ENCRYPTION_KEY, else a random key kept in DATA_DIR/mfa-encryption.key. */
export function encryptionKey(config: Pick<Config, 'MFA_ENCRYPTION_KEY' | 'dataDir'>): Buffer {
  if (config.MFA_ENCRYPTION_KEY) return createHash('sha256').update(config.MFA_ENCRYPTION_KEY).digest();
  const file = path.join(config.dataDir, KEY_FILE);
  const cached = keys.get(file);
  if (cached) return cached;
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const hex = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`${file} does not hold a 256-bit key in hex`);
  const key = Buffer.from(hex, 'hex');
  keys.set(file, key);
  return key;
}

const aad = (userId: number) => Buffer.from(`fc-totp:${userId}`);

/** `v1.<iv>.<tag>.<ciphertext>` (base64url): the secret of one user, unreadable for another user's row. */
export function sealSecret(key: Buffer, userId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(userId));
  const ct = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ct].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export function openSecret(key: Buffer, userId: number, sealed: string): string {
  const [version, iv, tag, ct] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || ct === undefined) throw new Error('unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(aad(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}

/** Letters and digits that cannot be taken for one another (no 0/o, 1/l/i). 32 symbols: 5 bits each. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten new recovery codes, `xxxxx-xxxxx` (about 50 bits each, from the system's CSPRNG). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const one = () => Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: count }, () => {
    const c = one();
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
}

/** A recovery code's stored form: a random 128-bit salt and the SHA-256 of salt and code (ASVS 2.6.2). */
export function hashRecoveryCode(code: string, salt = randomBytes(16).toString('hex')): { salt: string; codeHash: string } {
  return { salt, codeHash: createHash('sha256').update(`${salt}:${code}`).digest('hex') };
}

export function recoveryCodeMatches(code: string, stored: { salt: string; codeHash: string }): boolean {
  const { codeHash } = hashRecoveryCode(code, stored.salt);
  return timingSafeEqual(Buffer.from(codeHash, 'hex'), Buffer.from(stored.codeHash, 'hex'));
}
