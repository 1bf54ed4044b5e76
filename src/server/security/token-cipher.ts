import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Names a key without revealing it: a backup records the fingerprint of the key its tokens were
 * sealed with, so a restore can tell whether this installation can still open them.
 */
export function tokenKeyFingerprint(key: Buffer): string {
  return createHash('sha256').update('kairo token key fingerprint\0').update(key).digest('hex').slice(0, 16);
}

/**
 * AES-256-GCM for secrets Kairo must store and read back (OAuth tokens). The key comes from config
 * and never enters the database. Format: `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 */
export interface TokenCipher {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

export function createTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== 32) throw new Error('The token encryption key must be 32 bytes');
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('Unknown token format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
