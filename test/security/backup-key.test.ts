import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup, writeBackup } from '../../src/server/admin/backup.ts';
import { createTokenCipher, tokenKeyFingerprint } from '../../src/server/security/token-cipher.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../support/databases.ts';
import type { RunningStravaSim } from '../../tools/strava-sim/sim.ts';
import type { TestKairo } from '../support/kairo.ts';
import { useKairoWithSim } from '../support/kairo-with-sim.ts';
import { connectStrava, registerAthlete, waitForJobs } from '../support/strava.ts';

const [kind = 'pglite'] = await testDatabaseKinds();

describe('issue 16 item 6: a backup names the token key it needs', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  let source: TestDatabase;
  let target: TestDatabase;
  let folder: string;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'kairo-backup-key-'));
    source = await createTestDatabase('pglite');
    target = await createTestDatabase('pglite');
    const [account] = await source.handle.query<{ id: string }>("insert into accounts (email) values ('keyed@example.test') returning id");
    const sealed = createTokenCipher(oldKey).encrypt('strava-token');
    await source.handle.query(
      "insert into strava_connections (account_id, strava_id, access_token, refresh_token, expires_at, scope) values ($1, '77', $2, $2, now() + interval '1 hour', 'read')",
      [account!.id, sealed],
    );
  });
  afterAll(async () => {
    await source?.drop();
    await target?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('refuses a restore with another key, changing nothing; restores with the same key; marks connections for reconnection when told to go on', async () => {
    const file = join(folder, 'backup.json.gz');
    await writeBackup(source.handle, file, { tokenKeyFingerprint: tokenKeyFingerprint(oldKey) });

    await expect(restoreBackup(target.handle, file, { tokenKeyFingerprint: tokenKeyFingerprint(newKey) })).rejects.toThrow(
      /made with another token encryption key .*--allow-other-key.*Nothing was changed/,
    );
    expect(await target.handle.query('select 1 from strava_connections')).toHaveLength(0);

    const same = await restoreBackup(target.handle, file, { tokenKeyFingerprint: tokenKeyFingerprint(oldKey) });
    expect(same.connectionsToRenew).toBe(0);
    expect(await target.handle.query('select status from strava_connections')).toEqual([{ status: 'connected' }]);

    const forced = await restoreBackup(target.handle, file, { tokenKeyFingerprint: tokenKeyFingerprint(newKey), allowOtherKey: true });
    expect(forced.connectionsToRenew).toBe(1);
    expect(await target.handle.query('select status from strava_connections')).toEqual([{ status: 'broken' }]);
  });
});

describe('issue 16 item 6: tokens sealed with another key show "reconnect Strava", not "connected"', () => {
  const setup = useKairoWithSim(kind);
  let sim: RunningStravaSim;
  let server: TestKairo;
  beforeAll(() => {
    ({ sim, server } = setup);
  });

  it('marks the connection broken on the first sync and refuses further syncs with a clear message', async () => {
    const athlete = sim.control.createAthlete({ historyDays: 3 });
    const browser = await registerAthlete(server.url);
    await connectStrava(browser, sim, athlete.id);
    await waitForJobs(server);
    // As after restoring into a fresh data folder: the tokens were sealed with a key this installation lacks.
    const foreign = createTokenCipher(randomBytes(32));
    await server.database.handle.query('update strava_connections set access_token = $1, refresh_token = $1', [foreign.encrypt('token')]);

    expect((await browser.post('/api/force-sync')).status).toBe(200);
    await waitForJobs(server);
    const status = (await browser.get('/api/strava/status')).body;
    expect(status).toMatchObject({ connected: false, status: 'broken' });
    const again = await browser.post('/api/force-sync');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Reconnect Strava to sync again.');
  });
});
