import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../../src/server/config.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient } from '../support/http-client.ts';
import { startTestKairo, uniqueEmail, type TestKairo, signUp } from '../support/kairo.ts';

const [kind = 'pglite'] = await testDatabaseKinds();
const registration = (email: string) => ({ email, password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace' });

describe('issue 16 item 12: the origin check cannot be dodged by spelling the path differently', () => {
  let server: TestKairo;
  beforeAll(async () => {
    server = await startTestKairo(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a percent-encoded API path from a foreign origin and sets no cookie', async () => {
    const email = uniqueEmail();
    await signUp(createClient(server.url), registration(email));
    const evil = createClient(server.url, { origin: 'https://evil.example' });
    for (const path of ['/%61pi/auth/login', '/api/auth/%6cogin', '/API/auth/login']) {
      const response = await evil.post(path, { email, password: 'correct horse battery' });
      expect(response.status, path).not.toBe(200);
      expect(response.headers.getSetCookie(), path).toEqual([]);
    }
    const encoded = await evil.post('/%61pi/auth/login', { email, password: 'correct horse battery' });
    expect(encoded.status).toBe(403);
    expect(encoded.body).toEqual({ message: 'Cross-site request refused' });
  });
});

describe('issue 16 item 13: TRUST_PROXY believes only the configured proxies', () => {
  let server: TestKairo;
  beforeAll(async () => {
    server = await startTestKairo(kind, { TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keys the registration limit on the address the proxy saw, not on one the client wrote', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 35; index += 1) {
      // What one reverse proxy forwards when the client itself sent a made-up X-Forwarded-For.
      const forwarded = `198.51.100.${index}, 203.0.113.7`;
      const response = await signUp(createClient(server.url), registration(uniqueEmail('proxy')), {
        headers: { 'x-forwarded-for': forwarded },
      });
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429]);
  });

  it('reads hops and address lists, and refuses anything else at boot', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toEqual({ hops: 1 });
    expect(parseTrustProxy('2')).toEqual({ hops: 2 });
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16, ::1')).toEqual({ addresses: ['10.0.0.1', '192.168.0.0/16', '::1'] });
    expect(parseTrustProxy('everyone')).toBeNull();
    expect(parseTrustProxy('1000')).toBeNull();
    expect(() => loadConfig({ TRUST_PROXY: 'yes please', DATA_DIR: server.dataDir })).toThrow(/TRUST_PROXY/);
  });
});
