import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/kairo.ts';
import { trainerIntervals } from '../support/recordings.ts';
import { importFirstFile, signUpInBrowser } from './support/accounts.ts';
import { seriousAxeFindings } from './support/axe.ts';
import { hasChromium, shootDesktopAndPhone } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';

interface Streams {
  timeS: number[];
  powerW: (number | null)[];
  heartrateBpm: (number | null)[];
}

/** Plain textbook formulas over the stretch's samples, independent of src/metrics: the mean, and Coggan's NP. */
function expectedPower(streams: Streams, fromS: number, toS: number): { average: number; np: number } {
  const inside = streams.timeS.flatMap((timeS, k) => (timeS >= fromS && timeS < toS ? [k] : []));
  expect(inside).toHaveLength(toS - fromS);
  // A short dropout (a missed packet) is the straight line between the readings either side.
  const watts = inside.map((k) => {
    const reading = streams.powerW[k];
    if (reading !== null && reading !== undefined) return reading;
    let before = k - 1;
    while (streams.powerW[before] === null) before--;
    let after = k + 1;
    while (streams.powerW[after] === null) after++;
    return streams.powerW[before]! + ((streams.powerW[after]! - streams.powerW[before]!) * (k - before)) / (after - before);
  });
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const rolling: number[] = [];
  for (let end = 30; end <= watts.length; end++) rolling.push(mean(watts.slice(end - 30, end)));
  return { average: mean(watts), np: mean(rolling.map((value) => value ** 4)) ** 0.25 };
}

const watts = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** A stretch of a trainer ride's streams chart, selected by a mouse drag and by the keyboard, with its figures. */
describe.skipIf(!hasChromium)('a stretch of the streams chart', () => {
  const session = useKairoInBrowser([{ status: 401, path: '/api/auth/user' }]);
  let page: Page;
  let streams: Streams;
  beforeAll(() => {
    ({ page } = session);
  });
  const stretch = () => session.main().getByRole('region', { name: 'Selected stretch' });
  const figures = () => stretch().getByTestId('stretch-figures');
  const figure = (key: string) => figures().locator(`[data-figure="${key}"]`);
  const settledFigures = async () => {
    await expect.poll(() => figures().getAttribute('aria-busy')).toBe('false');
    return { from: Number(await figures().getAttribute('data-from')), to: Number(await figures().getAttribute('data-to')) };
  };

  it('drags across the chart and reads the stretch: average power and NP equal the plain formulas over its samples', async () => {
    await signUpInBrowser(page, session.at, { firstName: 'Sol', lastName: 'Stretch', email: uniqueEmail('e2e-stretch') });
    await importFirstFile(page, { name: 'trainer.fit', buffer: trainerIntervals().bytes });
    const id = await page.evaluate(async () => ((await (await fetch('/api/activities')).json()) as { id: string }[])[0]!.id);
    streams = await page.evaluate(async (activityId) => (await fetch(`/api/activities/${activityId}/streams`)).json(), id);
    await page.goto(session.at(`/activities/${id}`));
    await session.main().getByRole('figure', { name: /^Streams/ }).waitFor({ timeout: 30_000 });
    await stretch().getByText('Drag across the chart, or move the start and end, to read the figures of a stretch.').waitFor({ timeout: 30_000 });

    const plot = session.main().locator('.u-over').first();
    await plot.scrollIntoViewIfNeeded();
    const box = (await plot.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.45, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();

    const { from, to } = await settledFigures();
    const durationS = streams.timeS.at(-1)!;
    // About a quarter to six tenths of the ride, to the second.
    expect(Math.abs(from / durationS - 0.25)).toBeLessThan(0.02);
    expect(Math.abs(to / durationS - 0.6)).toBeLessThan(0.02);
    const expected = expectedPower(streams, from, to);
    expect(Math.abs(watts(await figure('power').innerText()) - expected.average)).toBeLessThanOrEqual(1);
    expect(Math.abs(watts(await figure('np').innerText()) - expected.np)).toBeLessThanOrEqual(1);
    expect(await figure('hr').innerText()).toMatch(/^\d+ bpm$/);
    // An indoor ride recorded no altitude and no distance: those figures are absent, not 0.
    expect(await figure('elevation').count()).toBe(0);
    expect(await figure('distance').count()).toBe(0);
    expect(await session.main().getByTestId('stretch-overlay').isVisible()).toBe(true);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await shootDesktopAndPhone(page, 'stream-range-drag');
  }, 180_000);

  it('moves the end of the stretch by keyboard, and the figures follow', async () => {
    const before = await settledFigures();
    const end = stretch().getByRole('slider', { name: 'Stretch end' });
    await end.focus();
    for (let press = 0; press < 10; press++) await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => Number(await figures().getAttribute('data-to'))).toBe(before.to - 10);
    const { from, to } = await settledFigures();
    expect(from).toBe(before.from);
    const expected = expectedPower(streams, from, to);
    expect(Math.abs(watts(await figure('power').innerText()) - expected.average)).toBeLessThanOrEqual(1);
    expect(Math.abs(watts(await figure('np').innerText()) - expected.np)).toBeLessThanOrEqual(1);

    await stretch().getByRole('button', { name: 'Clear' }).click();
    await stretch().getByText(/^Drag across the chart/).waitFor();
    expect(await session.main().getByTestId('stretch-overlay').count()).toBe(0);
  }, 120_000);
});
