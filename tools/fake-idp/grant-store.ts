import { randomBytes } from 'node:crypto';

/**
 * In-memory storage for authorization codes and access tokens, each under a random 256-bit handle
 * with one fixed lifetime. Entries are kept in insertion order, so the expired ones are always at
 * the front and each insertion drops them cheaply.
 */
export class GrantStore<Grant> {
  private readonly entries = new Map<string, { grant: Grant; expiresAt: number }>();
  private readonly ttlMs: number;

  constructor(ttlMs: number) {
    this.ttlMs = ttlMs;
  }

  /** Stores the grant and returns its new handle. */
  issue(grant: Grant): string {
    const now = Date.now();
    for (const [handle, entry] of this.entries) {
      if (entry.expiresAt > now) break;
      this.entries.delete(handle);
    }
    const handle = randomBytes(32).toString('base64url');
    this.entries.set(handle, { grant, expiresAt: now + this.ttlMs });
    return handle;
  }

  /** The grant while it is valid. */
  find(handle: string): Grant | undefined {
    const entry = this.entries.get(handle);
    return entry && entry.expiresAt > Date.now() ? entry.grant : undefined;
  }

  /** The grant while it is valid, removed on the way: a second call finds nothing. */
  take(handle: string): Grant | undefined {
    const grant = this.find(handle);
    this.entries.delete(handle);
    return grant;
  }
}
