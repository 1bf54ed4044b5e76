import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiTokenHash, apiTokenHint, isApiTokenShaped, newApiToken } from '../../src/server/features/api-tokens/token.ts';
import { bearerToken } from '../../src/server/http/bearer.ts';
import { routeScope } from '../../src/server/http/route-scopes.ts';
import { expiresAtFor } from '../../src/web/features/api-access/expiry-choices.ts';

/** ADR 0074: the token format, its hash, the Authorization header and the scope defaults. */
describe('personal access token format', () => {
  it('makes recognisable 256-bit tokens, each different', () => {
    const tokens = Array.from({ length: 50 }, newApiToken);
    for (const token of tokens) {
      expect(token).toMatch(/^kairo_pat_[A-Za-z0-9_-]{43}$/);
      expect(isApiTokenShaped(token)).toBe(true);
      expect(Buffer.from(token.slice('kairo_pat_'.length), 'base64url')).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('refuses anything else before any lookup', () => {
    const token = newApiToken();
    for (const wrong of ['', 'kairo_pat_', token.slice(0, -1), `${token}A`, token.replace('kairo_pat_', 'kairo_pak_'), `${token.slice(0, -1)}=`, ` ${token}`]) {
      expect(isApiTokenShaped(wrong), wrong).toBe(false);
    }
  });

  it('keeps the SHA-256 of the whole token and shows 14 characters of it', () => {
    const token = newApiToken();
    expect(apiTokenHash(token)).toBe(createHash('sha256').update(token).digest('base64url'));
    expect(apiTokenHash(token)).not.toBe(apiTokenHash(newApiToken()));
    expect(apiTokenHint(token)).toBe(token.slice(0, 14));
    expect(apiTokenHint(token).startsWith('kairo_pat_')).toBe(true);
  });
});

describe('the Authorization header', () => {
  const request = (authorization?: string) => ({ headers: authorization === undefined ? {} : { authorization } }) as FastifyRequest;

  it('reads a Bearer token, any case of the scheme, trimmed', () => {
    expect(bearerToken(request('Bearer kairo_pat_abc'))).toBe('kairo_pat_abc');
    expect(bearerToken(request('bearer   kairo_pat_abc  '))).toBe('kairo_pat_abc');
    expect(bearerToken(request('Bearer'))).toBe('');
  });

  it('leaves requests without one, and other schemes, to the session', () => {
    expect(bearerToken(request())).toBeUndefined();
    expect(bearerToken(request('Basic dXNlcjpwYXNz'))).toBeUndefined();
    expect(bearerToken(request('Bearerkairo_pat_abc'))).toBeUndefined();
  });
});

describe('route scopes', () => {
  it('reads by default, declared writes as declared, undeclared writes closed', () => {
    expect(routeScope('GET', '/api/some-new-read')).toEqual({ scope: 'read', declared: true });
    expect(routeScope('GET', '/api/api-tokens')).toEqual({ scope: 'session-only', declared: true });
    expect(routeScope('PUT', '/api/wellness/:date')).toEqual({ scope: 'write:wellness', declared: true });
    expect(routeScope('PATCH', '/api/training-plans/:id/toggle')).toEqual({ scope: 'write:plans', declared: true });
    expect(routeScope('POST', '/api/some-new-write')).toEqual({ scope: 'session-only', declared: false });
  });
});

describe('the expiry the create dialog sends', () => {
  it('counts days from the given moment, or sends none', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    expect(expiresAtFor('30', now)).toBe('2026-03-31T10:00:00.000Z');
    expect(expiresAtFor('365', now)).toBe('2027-03-01T10:00:00.000Z');
    expect(expiresAtFor('never', now)).toBeNull();
  });
});
