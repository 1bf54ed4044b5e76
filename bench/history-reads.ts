import type { TestClient } from '../test/support/http-client.ts';
import { measureLoad, type LoadResult } from './load.ts';

export interface HistoryReadsRun {
  /** GET /api/fitness?days=90: the chart of the home screen, read from the stored series. */
  fitness90: LoadResult;
  /**
   * GET /api/activities?before=…: a later page of the list, which no cache holds, once the
   * activities table is vacuumed as autovacuum does within a minute or so of a bulk write.
   */
  uncachedPage: LoadResult & { before: string };
  /**
   * The same page right after the backfill and archive import, before any vacuum: each activity
   * was written several times (detail, streams, scoring), and the dead row versions are read too.
   */
  uncachedPageAfterImport: LoadResult;
}

/**
 * The reads an athlete with a long history makes most, under load, for the signed-in browser: the
 * fitness chart and a page of the activity list past the first (the first is cached per account).
 */
export async function benchHistoryReads(
  url: string,
  browser: TestClient,
  load: { connections: number; warmUpS: number; durationS: number },
  vacuum: () => Promise<void>,
): Promise<HistoryReadsRun> {
  const cookie = [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const firstPage = await browser.get<{ startDate: string }[]>('/api/activities?limit=50');
  const before = firstPage.body.at(-1)?.startDate;
  if (firstPage.status !== 200 || !before) throw new Error(`GET /api/activities answered ${firstPage.status} without a page to continue from`);
  const fitness90 = await measureLoad({ url: `${url}/api/fitness?days=90`, headers: { cookie }, ...load });
  const pageLoad = { url: `${url}/api/activities?limit=50&before=${encodeURIComponent(before)}`, headers: { cookie }, ...load };
  const uncachedPageAfterImport = await measureLoad(pageLoad);
  await vacuum();
  const uncachedPage = await measureLoad(pageLoad);
  return { fitness90, uncachedPage: { ...uncachedPage, before }, uncachedPageAfterImport };
}
