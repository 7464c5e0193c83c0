import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RECOVERY_CODE_PATTERN } from '@fc/contract';
import {
  encryptionKey,
  hashRecoveryCode,
  newRecoveryCodes,
  openSecret,
  recoveryCodeMatches,
  sealSecret,
} from '../../src/modules/auth/second-factor/crypto';
import { secondFactorRequired } from '../../src/modules/auth/second-factor/policy';
import { stepUpNeeded } from '../../src/modules/auth/second-factor/step-up';

describe('the policy', () => {
  const corp = (tasks: number[], isAdmin = false, ssoUser = false) => ({ accountType: 0, grantedTasks: tasks, isAdmin, ssoUser });
  it('editors: administrators and corporate users with an edit task; never dealers, customers or SSO users', () => {
    expect(secondFactorRequired('editors', corp([], true))).toBe(true);
    expect(secondFactorRequired('editors', corp([507]))).toBe(true);
    expect(secondFactorRequired('editors', corp([502, 505, 508]))).toBe(false);
    expect(secondFactorRequired('editors', corp([509], true, true))).toBe(false);
    expect(secondFactorRequired('editors', { accountType: 1, grantedTasks: [504], isAdmin: false, ssoUser: false })).toBe(false);
    expect(secondFactorRequired('corporate', corp([]))).toBe(true);
    expect(secondFactorRequired('admins', corp([509]))).toBe(false);
    expect(secondFactorRequired('optional', corp([], true))).toBe(false);
    expect(secondFactorRequired('off', corp([], true))).toBe(false);
  });
});

describe('step-up clock', () => {
  const config = { MFA_POLICY: 'optional' as const, STEP_UP_MINUTES: 15 };
  const now = Date.UTC(2026, 10, 26, 12, 0, 0);
  it('asks again only when the last check is older than STEP_UP_MINUTES, never with off or for SSO users', () => {
    expect(stepUpNeeded(config, { verifiedAt: new Date(now - 15 * 60_000), ssoUser: false }, now)).toBe(false);
    expect(stepUpNeeded(config, { verifiedAt: new Date(now - 15 * 60_000 - 1), ssoUser: false }, now)).toBe(true);
    expect(stepUpNeeded(config, { verifiedAt: new Date(0), ssoUser: true }, now)).toBe(false);
    expect(stepUpNeeded({ ...config, MFA_POLICY: 'off' }, { verifiedAt: new Date(0), ssoUser: false }, now)).toBe(false);
  });
});

describe('secrets at rest', () => {
  it('a sealed secret opens for its user only, and the key file is made once with mode 0600', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-mfa-key-'));
    try {
      const key = encryptionKey({ dataDir, MFA_ENCRYPTION_KEY: undefined });
      expect(fs.statSync(path.join(dataDir, 'mfa-encryption.key')).mode & 0o777).toBe(0o600);
      const sealed = sealSecret(key, 7, 'JBSWY3DPEHPK3PXP');
      expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
      expect(openSecret(key, 7, sealed)).toBe('JBSWY3DPEHPK3PXP');
      expect(() => openSecret(key, 8, sealed)).toThrow();
      const other = encryptionKey({ dataDir, MFA_ENCRYPTION_KEY: 'x'.repeat(32) });
      expect(() => openSecret(other, 7, sealed)).toThrow();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('recovery codes: ten distinct, in the shown format, matched only by their salted hash', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(RECOVERY_CODE_PATTERN);
    const stored = hashRecoveryCode(codes[0]!);
    expect(stored.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(recoveryCodeMatches(codes[0]!, stored)).toBe(true);
    expect(recoveryCodeMatches(codes[1]!, stored)).toBe(false);
    expect(hashRecoveryCode(codes[0]!).codeHash).not.toBe(stored.codeHash);
  });
});
