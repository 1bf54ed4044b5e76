import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityListItem } from '../../src/shared/api/activities.ts';
import { createActivitiesRepo } from '../../src/server/features/activities/repo.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import type { TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { registerPlanner } from '../support/plans.ts';

/**
 * A page past the first (`GET /api/activities?before=`) is JSON text PostgreSQL builds (ADR 0058);
 * the first page is the rows serialised by the server (JSON.stringify). Both must be the same bytes
 * for the same activities, whatever the values hold, on both databases.
 */

const kinds = await testDatabaseKinds();
const FAR_FUTURE = '2100-01-01T00:00:00.000Z';

interface Row {
  name: string;
  type?: string;
  sportType?: string;
  source?: 'strava' | 'file' | 'archive' | 'demo';
  stravaActivityId?: string | null;
  distance?: number | string;
  movingTime?: number;
  elapsedTime?: number;
  totalElevationGain?: number | string | null;
  startDate: string;
  averageHeartrate?: number | string | null;
  averageWatts?: number | string | null;
  deviceWatts?: boolean;
  trainer?: boolean;
  duplicateOf?: string | null;
}

describe.each(kinds)('activity list pages on %s', (kind) => {
  let server: TestKairo;
  const query = <R>(text: string, params: unknown[] = []) => server.database.handle.query<R>(text, params);

  beforeAll(async () => {
    server = await startTestKairo(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const athlete = () => registerPlanner(server, { connected: false, emailPrefix: 'pages' });

  async function store(accountId: string, row: Row): Promise<string> {
    // Numbers go in as text so that PostgreSQL keeps what JavaScript cannot send as a number (NaN, -0).
    const text = (value: number | string | null | undefined) => (value === null || value === undefined ? null : Object.is(value, -0) ? '-0' : String(value));
    const [stored] = await query<{ id: string }>(
      `insert into activities (user_id, source, source_key, strava_activity_id, name, type, sport_type, distance, moving_time, elapsed_time,
                               total_elevation_gain, start_date, average_heartrate, average_watts, device_watts, trainer, duplicate_of)
       values ($1, $2, $3, $4, $5, $6, $7, $8::float8, $9, $10, $11::float8, $12, $13::float8, $14::float8, $15, $16, $17) returning id`,
      [
        accountId,
        row.source ?? 'file',
        randomUUID(),
        row.stravaActivityId ?? null,
        row.name,
        row.type ?? 'Ride',
        row.sportType ?? 'Ride',
        text(row.distance ?? 0),
        row.movingTime ?? 0,
        row.elapsedTime ?? 0,
        text(row.totalElevationGain),
        row.startDate,
        text(row.averageHeartrate),
        text(row.averageWatts),
        row.deviceWatts ?? false,
        row.trainer ?? false,
        row.duplicateOf ?? null,
      ],
    );
    return stored!.id;
  }

  /** The first page (the server's JSON.stringify) and the page before a far date (the database's text, where it can). */
  async function bothPages(client: TestClient) {
    const first = await client.get<ActivityListItem[]>('/api/activities?limit=200');
    const page = await client.get(`/api/activities?limit=200&before=${encodeURIComponent(FAR_FUTURE)}`);
    expect(first.status).toBe(200);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe(first.headers.get('content-type'));
    return { first, page };
  }
  const databaseText = (accountId: string) =>
    createActivitiesRepo(server.database.handle.db).listJson(accountId, { limit: 200, before: new Date(FAR_FUTURE) });

  it('answers a page past the first with the bytes the first page has, the text built by the database', async () => {
    const { client, accountId } = await athlete();
    const original = await store(accountId, { name: 'Plain ride', startDate: '2025-03-03T06:00:00Z', distance: 40_000, averageWatts: 210.5 });
    await store(accountId, { name: 'Plain ride (uploaded again)', startDate: '2025-03-03T06:00:05Z', duplicateOf: original });
    await store(accountId, {
      name: 'Quote " backslash \\ newline \n tab \t bell \u0007 unit \u001f del \u007f é 🚴 \u2028 </script>',
      type: 'Run "fast"',
      sportType: 'TrailRun',
      source: 'strava',
      stravaActivityId: '12345678901234',
      distance: 0.0001,
      movingTime: 2_147_483_647,
      elapsedTime: 1,
      totalElevationGain: null,
      startDate: '2025-03-02T06:00:00.123456Z',
      averageHeartrate: 999_999_999_999_999.9,
      averageWatts: -0,
      deviceWatts: true,
      trainer: true,
    });
    await store(accountId, {
      name: '',
      distance: 'NaN',
      totalElevationGain: 'Infinity',
      averageHeartrate: 123.45678901234568,
      averageWatts: '-Infinity',
      startDate: '2025-03-01T06:00:00.999999Z',
    });
    // Two activities at one start: newest first, then by id.
    const sameStartA = await store(accountId, { name: 'Same start A', startDate: '2025-02-27T06:00:00Z', distance: 0.1 + 0.2, totalElevationGain: -12.5 });
    const sameStartB = await store(accountId, { name: 'Same start B', startDate: '2025-02-27T06:00:00Z', distance: 2 ** 49 + 0.5, averageWatts: 1 / 3 });
    await store(accountId, { name: 'Moon landing day', startDate: '1969-07-20T20:17:40.0005Z', distance: 0 });
    const other = await athlete();
    await store(other.accountId, { name: 'Not yours', startDate: '2025-03-02T07:00:00Z' });

    const { first, page } = await bothPages(client);
    expect(page.text).toBe(first.text);
    expect(await databaseText(accountId)).toBe(first.text);
    expect(first.body.map((item) => item.name)).toEqual([
      'Plain ride',
      'Quote " backslash \\ newline \n tab \t bell \u0007 unit \u001f del \u007f é 🚴 \u2028 </script>',
      '',
      // uuids compare as their lower-case text does
      ...(sameStartA > sameStartB ? ['Same start A', 'Same start B'] : ['Same start B', 'Same start A']),
      'Moon landing day',
    ]);
    // The values as JSON.stringify writes them (what the first page is made with).
    expect(first.text).toContain('"distance":0.0001,');
    expect(first.text).toContain('"averageHeartrate":999999999999999.9,"averageWatts":0,');
    expect(first.text).toContain('"distance":null,"movingTime":0,"elapsedTime":0,"totalElevationGain":null,');
    expect(first.text).toContain('"averageWatts":null,');
    expect(first.text).toContain('"startDate":"2025-03-02T06:00:00.123Z"');
    expect(first.text).toContain('"startDate":"2025-03-01T06:00:00.999Z"');
    expect(first.text).toContain('"startDate":"1969-07-20T20:17:40.000Z"');
  });

  it('leaves a page holding a number the database writes otherwise to the server, with the same bytes', async () => {
    for (const distance of [0.00001, 1e-7, 5e-324, 1e15, 2 ** 60 + 2 ** 8, 1e23, -1.5e-5]) {
      const { client, accountId } = await athlete();
      await store(accountId, { name: 'Ordinary', startDate: '2025-03-03T06:00:00Z', distance: 12_345.5 });
      await store(accountId, { name: 'Odd', startDate: '2025-03-02T06:00:00Z', distance });
      const { first, page } = await bothPages(client);
      expect(first.text).toContain(`"distance":${JSON.stringify(distance)},`);
      expect(page.text, String(distance)).toBe(first.text);
      expect(await databaseText(accountId), String(distance)).toBeNull();
    }
  });

  it('pages back through the list as the first page orders it: start before `before`, newest first, `limit` at most', async () => {
    const { client, accountId } = await athlete();
    const day = Date.UTC(2025, 0, 1);
    for (let n = 0; n < 9; n++) {
      await store(accountId, { name: `Ride ${n}`, startDate: new Date(day + Math.floor(n / 2) * 86_400_000).toISOString(), distance: n * 1000.25 });
    }
    const all = (await client.get<ActivityListItem[]>('/api/activities?limit=200')).body;
    expect(all).toHaveLength(9);
    for (const before of [all[0]!.startDate, all[3]!.startDate, all[8]!.startDate, '2025-01-03T00:00:00+02:00', '2024-12-31T23:59:59.999Z']) {
      for (const limit of [1, 2, 3, 200]) {
        const page = await client.get<ActivityListItem[]>(`/api/activities?limit=${limit}&before=${encodeURIComponent(before)}`);
        expect(page.status).toBe(200);
        expect(page.body, `${limit} before ${before}`).toEqual(all.filter((item) => Date.parse(item.startDate) < Date.parse(before)).slice(0, limit));
      }
    }
    const empty = await client.get(`/api/activities?before=${encodeURIComponent('2000-01-01T00:00:00Z')}`);
    expect(empty.status).toBe(200);
    expect(empty.text).toBe('[]');
    const refused = await client.get(`/api/activities?limit=0&before=${encodeURIComponent(FAR_FUTURE)}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('limit must be between 1 and 200');
  });
});
