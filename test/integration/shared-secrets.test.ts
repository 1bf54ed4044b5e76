import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotateSecret } from '../../src/server/admin/rotate-secret.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { startKairo, type Kairo } from '../../src/server/kairo.ts';
import { SecretMismatchError } from '../../src/server/security/shared-secrets.ts';
import { createTokenCipher } from '../../src/server/security/token-cipher.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../support/databases.ts';
import { createClient } from '../support/http-client.ts';
import { registerAthlete } from '../support/strava.ts';

/**
 * ADR 0066: instances on one database must share SESSION_SECRET, TOKEN_ENCRYPTION_KEY and
 * STRAVA_WEBHOOK_VERIFY_TOKEN. One that does not refuses to start, naming the setting and never its
 * value; `secrets:rotate` changes a secret on purpose without losing the Strava tokens.
 */
const kinds = await testDatabaseKinds();

type Secrets = { SESSION_SECRET: string; TOKEN_ENCRYPTION_KEY: string; STRAVA_WEBHOOK_VERIFY_TOKEN: string };
const newSecrets = (): Secrets => ({
  SESSION_SECRET: randomBytes(32).toString('hex'),
  TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  STRAVA_WEBHOOK_VERIFY_TOKEN: randomBytes(16).toString('hex'),
});

describe.each(kinds)('shared secrets on %s', (kind) => {
  let database: TestDatabase;
  const dataDirs: string[] = [];
  const running: Kairo[] = [];
  const configFor = (secrets: Secrets): Config => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kairo-secrets-'));
    dataDirs.push(dataDir);
    return loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', MAP_TILE_URL: 'off', ...secrets });
  };
  const start = async (secrets: Secrets) => {
    const kairo = await startKairo(configFor(secrets), { database: database.handle });
    running.push(kairo);
    return kairo;
  };
  const stopAll = async () => {
    for (const kairo of running.splice(0)) await kairo.close();
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await stopAll();
    await database.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('starts a second instance with the same secrets, and refuses one with another, naming the setting and not the value', async () => {
    const secrets = newSecrets();
    await start(secrets);
    await start(secrets);

    for (const setting of ['SESSION_SECRET', 'TOKEN_ENCRYPTION_KEY', 'STRAVA_WEBHOOK_VERIFY_TOKEN'] as const) {
      const other = { ...secrets, [setting]: newSecrets()[setting] };
      const refused = await start(other).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused, setting).toBeInstanceOf(SecretMismatchError);
      expect((refused as SecretMismatchError).settings).toEqual([setting]);
      const message = (refused as Error).message;
      expect(message).toContain(setting);
      expect(message).toContain('secrets:rotate');
      for (const value of [...Object.values(secrets), other[setting]]) expect(message).not.toContain(value);
    }
    const allOther = await start(newSecrets()).catch((error: unknown) => error);
    expect((allOther as SecretMismatchError).settings).toEqual(['SESSION_SECRET', 'TOKEN_ENCRYPTION_KEY', 'STRAVA_WEBHOOK_VERIFY_TOKEN']);
    await stopAll();
  });

  it('rotates the token key: every Strava token re-encrypted and readable with the new key, the new key then starts', async () => {
    await database.handle.db.execute(sql`truncate installation_secrets`);
    const before = newSecrets();
    const kairo = await start(before);
    const browser = await registerAthlete(kairo.url);
    const { id: accountId } = (await browser.get('/api/user')).body as { id: string };
    const oldCipher = createTokenCipher(Buffer.from(before.TOKEN_ENCRYPTION_KEY, 'base64'));
    await database.handle.db.execute(
      sql`insert into strava_connections (account_id, strava_id, access_token, refresh_token, expires_at, scope)
          values (${accountId}, '77001', ${oldCipher.encrypt('access-77001')}, ${oldCipher.encrypt('refresh-77001')}, now() + interval '6 hours', 'read')`,
    );
    await stopAll();

    const after = { ...before, TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
    await expect(start(after)).rejects.toBeInstanceOf(SecretMismatchError);
    const config = configFor(after);
    // Without the previous key, or with a wrong one: refused, nothing changed.
    await expect(rotateSecret(database.handle, 'TOKEN_ENCRYPTION_KEY', config)).rejects.toThrow(/PREVIOUS_TOKEN_ENCRYPTION_KEY/);
    await expect(rotateSecret(database.handle, 'TOKEN_ENCRYPTION_KEY', config, { previousTokenKey: randomBytes(32) })).rejects.toThrow(/not the key this database/);
    expect(await start(after).catch((error: unknown) => error)).toBeInstanceOf(SecretMismatchError);

    const done = await rotateSecret(database.handle, 'TOKEN_ENCRYPTION_KEY', config, { previousTokenKey: Buffer.from(before.TOKEN_ENCRYPTION_KEY, 'base64') });
    expect(done).toMatch(/1 Strava connection re-encrypted/);
    const sealed = await database.handle.db.execute(sql`select access_token, refresh_token, status from strava_connections where account_id = ${accountId}`);
    const [row] = (sealed as unknown as { rows: { access_token: string; refresh_token: string; status: string }[] }).rows;
    const newCipher = createTokenCipher(Buffer.from(after.TOKEN_ENCRYPTION_KEY, 'base64'));
    expect([newCipher.decrypt(row!.access_token), newCipher.decrypt(row!.refresh_token), row!.status]).toEqual(['access-77001', 'refresh-77001', 'connected']);
    expect(() => oldCipher.decrypt(row!.access_token)).toThrow();

    const restarted = await start(after);
    expect((await createClient(restarted.url).get('/healthz')).status).toBe(200);
    await stopAll();
  });

  it('rotates the session secret: every session ends, athletes sign in again', async () => {
    await database.handle.db.execute(sql`truncate installation_secrets`);
    const before = newSecrets();
    const first = await start(before);
    const browser = await registerAthlete(first.url);
    expect((await browser.get('/api/user')).status).toBe(200);
    await stopAll();

    const after = { ...before, SESSION_SECRET: randomBytes(32).toString('hex') };
    expect(await rotateSecret(database.handle, 'SESSION_SECRET', configFor(after))).toMatch(/^SESSION_SECRET rotated: [1-9]\d* sessions? ended/);
    const count = await database.handle.db.execute(sql`select count(*)::int as n from sessions`);
    expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect(await rotateSecret(database.handle, 'SESSION_SECRET', configFor(after))).toMatch(/already this database's; nothing changed/);
    // The same browser, its cookie carried to the restarted instance: signed out, and signs in again.
    const restarted = await start(after);
    const sameBrowser = createClient(restarted.url);
    for (const [name, value] of browser.jar) sameBrowser.jar.set(name, value);
    expect((await sameBrowser.get('/api/user')).status).toBe(401);
    expect((await registerAthlete(restarted.url).then((again) => again.get('/api/user'))).status).toBe(200);
    await stopAll();
  });
});
