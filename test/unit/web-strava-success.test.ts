import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActivityListItem } from '../../src/shared/api/activities.ts';
import { prefetchHome } from '../../src/web/app/prefetch-home.ts';
import { activityListQueryOptions } from '../../src/web/features/activities/index.ts';
import { redirectDelayMs } from '../../src/web/features/strava/success-redirect.ts';
import { createQueryClient } from '../../src/web/lib/query-client.ts';

const ride: ActivityListItem = {
  id: 'a1',
  name: 'Morning ride',
  type: 'Ride',
  sportType: 'Ride',
  source: 'strava',
  stravaActivityId: '1',
  distance: 40_000,
  movingTime: 3600,
  elapsedTime: 3700,
  totalElevationGain: 300,
  startDate: '2026-03-01T07:00:00Z',
  averageHeartrate: 140,
  averageWatts: 200,
  deviceWatts: true,
  trainer: false,
};

describe('the success screen after connecting Strava', () => {
  it('hands over to Home 2 s after the server answered the page, shown for at least 0.8 s however long its code took', () => {
    const landed = { name: 'http://127.0.0.1:3000/strava-success', responseStart: 300 };
    expect(redirectDelayMs(landed, 800)).toBe(1500);
    expect(redirectDelayMs(landed, 1_400)).toBe(900);
    // A page whose code took long to load is still seen.
    expect(redirectDelayMs(landed, 2_250)).toBe(800);
    expect(redirectDelayMs(landed, 9_000)).toBe(800);
    // Reached inside the app, or without timing: the full 2 s from now.
    expect(redirectDelayMs({ name: 'http://127.0.0.1:3000/', responseStart: 300 }, 5_000)).toBe(2_000);
    expect(redirectDelayMs({ name: 'http://127.0.0.1:3000/strava-success', responseStart: 0 }, 800)).toBe(2_000);
    expect(redirectDelayMs(undefined, 800)).toBe(2_000);
  });
});

describe('reading Home ahead while the success screen shows', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** A server whose list is empty for the first `emptyLooks` reads, then holds the ride. */
  function fakeServer(emptyLooks: number) {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const path = String(input);
        asked.push(path);
        if (path.startsWith('/api/activities?')) {
          const listed = asked.filter((seen) => seen.startsWith('/api/activities?')).length;
          return Response.json(listed > emptyLooks ? [ride] : []);
        }
        return Response.json({ message: 'Activity not found' }, { status: 404 });
      }),
    );
    return asked;
  }

  it('looks at the list until the first activity arrives, then reads its analysis into the cache Home reads', async () => {
    vi.useFakeTimers();
    const asked = fakeServer(2);
    const client = createQueryClient();
    const stop = prefetchHome(client);
    await vi.waitFor(() => expect(asked.filter((path) => path.startsWith('/api/activities?'))).toHaveLength(1));
    expect(asked.some((path) => path.includes('/analysis'))).toBe(false);
    await vi.advanceTimersByTimeAsync(250);
    await vi.advanceTimersByTimeAsync(250);
    await vi.waitFor(() => expect(asked).toContain('/api/activities/a1/analysis'));
    // The list Home opens with is the one read last.
    expect(client.getQueryData<{ pages: ActivityListItem[][] }>(activityListQueryOptions.queryKey)?.pages[0]).toEqual([ride]);
    // No more looks at the list; the refused analysis is asked again once, as Home's own read would.
    const listLooks = () => asked.filter((path) => path.startsWith('/api/activities?')).length;
    const looks = listLooks();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(listLooks()).toBe(looks);
    expect(asked.filter((path) => path === '/api/activities/a1/analysis')).toHaveLength(2);
    stop();
  });

  it('asks for no analysis when the screen went while the list was being read', async () => {
    const asked: string[] = [];
    let answerList: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        asked.push(String(input));
        return String(input).startsWith('/api/activities?') ? new Promise<Response>((resolve) => (answerList = resolve)) : Promise.resolve(Response.json({}));
      }),
    );
    const client = createQueryClient();
    const stop = prefetchHome(client);
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    stop();
    answerList(Response.json([ride]));
    // The list is in; what the read-ahead does with it follows within the same turn of microtasks.
    await vi.waitFor(() => expect(client.getQueryData(activityListQueryOptions.queryKey)).toBeDefined());
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toEqual(['/api/activities?limit=50']);
  });

  it('stops looking when the screen goes before any activity has arrived', async () => {
    vi.useFakeTimers();
    const asked = fakeServer(Number.POSITIVE_INFINITY);
    const stop = prefetchHome(createQueryClient());
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(250);
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(asked).toHaveLength(2);
  });
});
