import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/kairo.ts';
import { signUpInBrowser } from './support/accounts.ts';
import { hasChromium, shootDesktopAndPhone } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';
import { powerRide } from '../support/recordings.ts';

const eventDate = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);

/**
 * Units and durations on the plan and settings screens (issue 14 items 4 and 5): a plan's sessions
 * read in words, a plan reads in miles and feet once the athlete switched to them (ADR 0073), one
 * stored before that says it was written in km, and the threshold pace is shown and typed per mile.
 * KAIRO_SCREENSHOTS_DIR=/some/dir keeps screenshots.
 */
describe.skipIf(!hasChromium)('units and durations on the plan and settings screens', () => {
  const session = useKairoInBrowser([{ status: 401, path: '/api/auth/user' }]);
  let page: Page;
  beforeAll(() => {
    ({ page } = session);
  });
  const { at } = session;
  const createPlan = async (name: string) => {
    const response = await page.request.post(at('/api/training-plans'), {
      data: { preparationType: 'event', eventName: name, eventType: 'cycling', eventDate, eventDistance: '120 km', eventElevation: '2,500 m', completionGoal: 'complete' },
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  let metricPlan = '';
  const setSettings = async (data: Record<string, unknown>) => expect((await page.request.put(at('/api/user/settings'), { data })).status()).toBe(200);

  it('signs up with a ride of their own and a metric plan', async () => {
    await signUpInBrowser(page, at, { firstName: 'Ada', lastName: 'Miles', email: uniqueEmail('e2e-units') });
    await page.getByRole('dialog', { name: /Welcome/ }).waitFor();
    const upload = await page.request.post(at('/api/imports'), {
      multipart: { file: { name: 'ride.fit', mimeType: 'application/octet-stream', buffer: Buffer.from(powerRide().bytes) } },
    });
    expect(upload.status()).toBe(201);
  });

  it('shows session times in words, and reads a plan made in km in miles and feet once the athlete switches (ADR 0073)', async () => {
    metricPlan = await createPlan('Metric Fondo');
    await page.goto(at(`/training-plan/view?id=${metricPlan}`));
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Metric Fondo' }).waitFor({ timeout: 30_000 });
    const text = await main.innerText();
    expect(text).toContain('120.0 km of cycling.');
    expect(text).toContain('2,500 m of climbing.');
    expect(text).toMatch(/\d h( \d+ min)?\n|\d+ min\n/);
    expect(text).not.toMatch(/\b\d{1,2}:\d{2}\n/);
    expect(await main.getByRole('note').count()).toBe(0);

    // The sidebar's switch on Home, by keyboard.
    await page.goto(at('/'));
    const units = session.sidebar().getByRole('switch', { name: 'Units' });
    await units.focus();
    await page.keyboard.press('Space');
    await expect.poll(async () => units.getAttribute('aria-checked')).toBe('true');
    await expect.poll(async () => ((await (await page.request.get(at('/api/user/settings'))).json()) as { unitSystem: string }).unitSystem).toBe('imperial');

    await page.goto(at(`/training-plan/view?id=${metricPlan}`));
    await main.getByRole('heading', { name: 'Metric Fondo' }).waitFor({ timeout: 30_000 });
    await main.getByText('74.6 mi of cycling.').waitFor();
    const imperial = await main.innerText();
    expect(imperial).toContain('8,202 ft of climbing.');
    expect(imperial).not.toMatch(/\d\s?(km|m)\b/);
    expect(await main.getByRole('note').count()).toBe(0);
    await shootDesktopAndPhone(page, 'units-plan-read-in-miles');
  });

  it('says so, with the way to convert it, only on a plan stored before plans were read in the athlete\'s units', async () => {
    // A plan as plans were stored before ADR 0073: its text written in km and m, with no tokens.
    await setSettings({ unitSystem: 'metric' });
    const written = ((await (await page.request.get(at(`/api/training-plans/${metricPlan}`))).json()) as { generatedPlan: Record<string, unknown> }).generatedPlan;
    const { unitTokens: _tokens, ...legacy } = written;
    expect(legacy.units).toBe('metric');
    await session.server.database.handle.query('update training_plans set generated_plan = $1::jsonb where id = $2', [JSON.stringify(legacy), metricPlan]);
    await setSettings({ unitSystem: 'imperial' });

    await page.goto(at(`/training-plan/view?id=${metricPlan}`));
    const main = page.getByRole('main');
    const note = main.getByRole('note').filter({ hasText: 'This plan was written in kilometres and metres' });
    await note.waitFor({ timeout: 30_000 });
    expect(await note.innerText()).toContain('to have it written in miles and feet');
    expect(await main.innerText()).toContain('120.0 km of cycling.');
    await shootDesktopAndPhone(page, 'units-plan-written-in-km');
  });

  it('writes a plan made in miles in miles and feet, with no note', async () => {
    // Two active plans may not overlap (ADR 0029): the metric one makes way.
    expect((await page.request.delete(at(`/api/training-plans/${metricPlan}`))).status()).toBe(200);
    const imperialPlan = await createPlan('Imperial Fondo');
    await page.goto(at(`/training-plan/view?id=${imperialPlan}`));
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Imperial Fondo' }).waitFor({ timeout: 30_000 });
    const text = await main.innerText();
    expect(text).toContain('74.6 mi of cycling.');
    expect(text).toContain('8,202 ft of climbing.');
    expect(text).not.toMatch(/\d\s?(km|m)\b/);
    expect(await main.getByRole('note').count()).toBe(0);
    await shootDesktopAndPhone(page, 'units-plan-imperial');
  });

  it('shows and takes the threshold pace per mile', async () => {
    await setSettings({ athleteThresholdPaceSPerKm: 245 });
    await page.goto(at('/'));
    await page.getByRole('button', { name: 'Settings' }).click();
    const overlay = page.getByRole('dialog', { name: 'Customize your coaching profile' });
    const pace = overlay.getByLabel('Running threshold pace (min:s per mile)');
    await pace.waitFor();
    // 245 s/km is 6:34 per mile.
    expect(await pace.inputValue()).toBe('6:34');
    expect(await overlay.getByText('In use: 6:34 /mi, set by you.').isVisible()).toBe(true);
    await pace.scrollIntoViewIfNeeded();
    await shootDesktopAndPhone(page, 'units-threshold-pace-per-mile');
    await pace.fill('7:00');
    await overlay.getByRole('button', { name: 'Save' }).click();
    await overlay.waitFor({ state: 'hidden' });
    const saved = (await (await page.request.get(at('/api/user/settings'))).json()) as { athleteThresholdPaceSPerKm: number };
    expect(saved.athleteThresholdPaceSPerKm).toBe(261);
  });
});
