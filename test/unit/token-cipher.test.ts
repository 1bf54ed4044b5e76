import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenCipher } from '../../src/server/security/token-cipher.ts';

describe('token cipher', () => {
  const cipher = createTokenCipher(randomBytes(32));

  it('round-trips and never repeats a ciphertext', () => {
    const sealed = cipher.encrypt('strava-access-token');
    expect(sealed).not.toContain('strava-access-token');
    expect(cipher.encrypt('strava-access-token')).not.toBe(sealed);
    expect(cipher.decrypt(sealed)).toBe('strava-access-token');
  });

  it('rejects tampering and the wrong key', () => {
    const sealed = cipher.encrypt('secret');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => cipher.decrypt([...parts.slice(0, 3), flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => createTokenCipher(randomBytes(32)).decrypt(sealed)).toThrow();
    expect(() => createTokenCipher(randomBytes(16))).toThrow(/32 bytes/);
  });
});
