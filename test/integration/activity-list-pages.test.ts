import { randomUUID } from 'node:crypto';
import { getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityListItem, type ActivityListItem } from '../../src/shared/api/activities.ts';
import { activities } from '../../src/server/db/schema.ts';
import { createActivitiesRepo } from '../../src/server/features/activities/repo.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import type { TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { registerPlanner } from '../support/plans.ts';

/**
 * A page past the first (`GET /api/activities?before=`) is read as the activities' kept list items
 * (ADR 0059), written on the first read that needs them and emptied by the database whenever a
 * listed column changes; the first page is the rows serialised by the server. Both must be the same
 * bytes for the same activities, whatever the values hold, on both databases, and a page must never
 * show an activity as it was before a change.
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
  const repo = () => createActivitiesRepo(server.database.handle.db);
  const keptText = (accountId: string) => repo().listItems(accountId, { limit: 200, before: new Date(FAR_FUTURE) });
  const keptItems = async (accountId: string) =>
    (await query<{ n: number }>(`select count(list_item)::int as n from activities where user_id = $1`, [accountId]))[0]!.n;

  it('answers a page past the first with the bytes the first page has, read from the kept items once written', async () => {
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

    expect(await keptText(accountId)).toBeNull();
    const { first, page } = await bothPages(client);
    expect(page.text).toBe(first.text);
    // The read kept every listed activity's item (the duplicate is not listed): the next is read as text.
    expect(await keptItems(accountId)).toBe(6);
    expect(await keptText(accountId)).toBe(first.text);
    const again = await bothPages(client);
    expect(again.page.text).toBe(first.text);
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

  it('keeps numbers as JSON.stringify writes them, whatever PostgreSQL would write', async () => {
    for (const distance of [0.00001, 1e-7, 5e-324, 1e15, 2 ** 60 + 2 ** 8, 1e23, -1.5e-5]) {
      const { client, accountId } = await athlete();
      await store(accountId, { name: 'Ordinary', startDate: '2025-03-03T06:00:00Z', distance: 12_345.5 });
      await store(accountId, { name: 'Odd', startDate: '2025-03-02T06:00:00Z', distance });
      const { first, page } = await bothPages(client);
      expect(first.text).toContain(`"distance":${JSON.stringify(distance)},`);
      expect(page.text, String(distance)).toBe(first.text);
      expect(await keptText(accountId), String(distance)).toBe(first.text);
    }
  });

  it('empties a kept item when any listed column changes, by any writer, and keeps it when another column does', async () => {
    const { client, accountId } = await athlete();
    const id = await store(accountId, { name: 'Kept', startDate: '2025-03-03T06:00:00Z', distance: 1000, averageHeartrate: 140, averageWatts: 200 });
    const columns = getTableColumns(activities);
    // A different value of the column's own type, written by plain SQL as any writer could.
    const changed = (column: string, sqlType: string) =>
      sqlType === 'boolean' ? `not ${column}`
      : sqlType === 'timestamp with time zone' ? `${column} - interval '1 second'`
      : sqlType === 'uuid' ? 'gen_random_uuid()'
      : sqlType === 'activity_source' ? `case when ${column} = 'file' then 'archive'::activity_source else 'file'::activity_source end`
      : sqlType === 'text' ? `coalesce(${column}, '') || '!'`
      : `coalesce(${column}, 0) + 1`;
    const listed = Object.keys(activityListItem.shape) as (keyof ActivityListItem & keyof typeof columns)[];
    const page = () => client.get<ActivityListItem[]>(`/api/activities?limit=200&before=${encodeURIComponent(FAR_FUTURE)}`);
    let currentId = id;
    let shown = (await page()).body[0]!;
    for (const key of listed) {
      expect(await keptItems(accountId), `kept before ${key} changes`).toBe(1);
      const column = columns[key].name;
      const [type] = await query<{ t: string }>(`select format_type(atttypid, atttypmod) as t from pg_attribute where attrelid = 'activities'::regclass and attname = $1`, [column]);
      const [row] = await query<{ id: string }>(`update activities set ${column} = ${changed(column, type!.t)} where id = $1 returning id`, [currentId]);
      currentId = row!.id;
      expect(await keptItems(accountId), `${key} changed`).toBe(0);
      const now = (await page()).body[0]!;
      expect(now[key], key).not.toEqual(shown[key]);
      expect({ ...now, [key]: shown[key] }, key).toEqual(shown);
      shown = now;
    }
    expect(await keptItems(accountId)).toBe(1);
    await query(`update activities set description = 'Not listed', max_heartrate = 190, updated_at = now() where id = $1`, [currentId]);
    expect(await keptItems(accountId)).toBe(1);
  });

  it('does not keep an item read before the activity changed', async () => {
    const { client, accountId } = await athlete();
    const id = await store(accountId, { name: 'Before the change', startDate: '2025-03-03T06:00:00Z' });
    const [read] = await repo().listWithVersions(accountId, { limit: 200, before: new Date(FAR_FUTURE) });
    await query(`update activities set name = 'After the change' where id = $1`, [id]);
    await repo().keepListItems(accountId, [{ id, version: read!.version, item: JSON.stringify({ ...read, name: 'Before the change' }) }]);
    expect(await keptItems(accountId)).toBe(0);
    const page = await client.get<ActivityListItem[]>(`/api/activities?limit=200&before=${encodeURIComponent(FAR_FUTURE)}`);
    expect(page.body.map((item) => item.name)).toEqual(['After the change']);
    expect(await keptItems(accountId)).toBe(1);
    // Another account's read cannot keep an item on this account's activity.
    const other = await athlete();
    await query(`update activities set list_item = null where id = $1`, [id]);
    const [mine] = await repo().listWithVersions(accountId, { limit: 200, before: new Date(FAR_FUTURE) });
    await repo().keepListItems(other.accountId, [{ id, version: mine!.version, item: '{"forged":true}' }]);
    expect(await keptItems(accountId)).toBe(0);
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
