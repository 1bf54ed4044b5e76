import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { conversation } from '../../src/shared/api/coach-conversations.ts';
import { uniqueEmail } from '../support/kairo.ts';
import { heartRateGpx } from '../support/heart-rate-gpx.ts';
import { signUpInBrowser } from './support/accounts.ts';
import { hasChromium, shootDesktopAndPhone } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';

/** An activity name that runs script if anything on the way renders it as HTML. */
const HOSTILE_NAME = '<img src=x onerror="window.__xss=1">';
const xmlEscaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Ask Kai in a real browser (issue 28): a demo athlete opens Ask Kai from the navigation, asks three
 * questions by keyboard and by suggestion, sees each answer's figures (focus shows the fact behind
 * one), its sources and a chart, reloads and finds the conversation kept; renames and deletes it;
 * asks about one activity from its page, whose name is markup that must stay text.
 * KAIRO_SCREENSHOTS_DIR keeps the screens at 1280 and 375 px.
 */
describe.skipIf(!hasChromium)('Ask Kai in the browser', () => {
  const session = useKairoInBrowser([{ status: 401, path: '/api/auth/user' }]);
  let page: Page;
  beforeAll(() => {
    ({ page } = session);
  });
  const { main } = session;
  const answers = () => main().getByRole('article', { name: "Kai's answer" });
  const box = () => main().getByRole('textbox', { name: 'Ask Kai a question' });

  /** Types a question, sends it with Enter, and waits for Kai's answer to it. */
  async function ask(question: string): Promise<Locator> {
    const before = await answers().count();
    await box().fill(question);
    await box().press('Enter');
    await expect.poll(() => answers().count(), { timeout: 15_000 }).toBe(before + 1);
    await expect.poll(() => box().inputValue()).toBe('');
    return answers().nth(before);
  }

  it('signs up and brings in the demo history, its metrics computed', async () => {
    await signUpInBrowser(page, session.at, { firstName: 'Kai', lastName: 'Asker', email: uniqueEmail('e2e-ask-kai') });
    await page.getByRole('link', { name: 'Connect with Strava' }).click();
    await page.waitForURL(session.at('/'));
    // The history's metrics are computed in the background, and Kai answers from them: wait until
    // some rides' power and the fitness series are in (on a busy machine that takes minutes).
    const computed = () =>
      page.evaluate(async () => {
        const [best, fitness] = await Promise.all([
          fetch('/api/power-curve/best').then((response) => response.json()),
          fetch('/api/fitness?days=90').then((response) => response.json()),
        ]);
        return best.activityCount > 0 && fitness.at(-1).ctl > 0;
      });
    await expect.poll(computed, { timeout: 270_000, interval: 2_000 }).toBe(true);
  }, 300_000);

  it('answers three questions with figures that show their facts, sources and a chart, and keeps the conversation over a reload', async () => {
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Ask Kai' }).click();
    await page.waitForURL(session.at('/ask'));
    const suggested = main().getByRole('list', { name: 'Suggested questions' });
    await suggested.getByRole('button').first().waitFor();
    await shootDesktopAndPhone(page, 'ask-kai-new');

    const fitness = await ask('how is my fitness?');
    await page.waitForURL(/\/ask\/[0-9a-f-]{36}$/);
    const conversationId = new URL(page.url()).pathname.split('/').at(-1)!;
    const stored = async () => (await page.request.get(session.at(`/api/coach/conversations/${conversationId}`))).text();
    const figure = fitness.locator('button[data-fact^="fitness."]').first();
    await figure.waitFor();
    // Keyboard focus shows the fact: its label, value, days and source.
    await figure.focus();
    const card = page.getByRole('tooltip');
    await card.waitFor();
    expect(await card.textContent()).toMatch(/Value.+Days.+Source/);
    await page.keyboard.press('Escape');
    expect(await card.count()).toBe(0);

    const power = await ask('best 5 minute power last 90 days');
    expect(await power.locator('button[data-fact="power.best.300s"]').count(), `${await power.textContent()} ${await stored()}`).toBeGreaterThan(0);
    // The last 4 weeks, not "this month": in the first hour of a month that has no rides yet (test:awkward on New Year).
    const hours = await ask('how many hours did I ride per week in the last 4 weeks');
    expect(await hours.locator('button[data-fact^="volume.ride.time"]').count(), `${await hours.textContent()} ${await stored()}`).toBeGreaterThan(0);

    for (const answer of [fitness, power, hours]) {
      expect(await answer.getByRole('list', { name: 'Sources' }).getByRole('link').count()).toBeGreaterThan(0);
      expect(await answer.getByText('Built-in coach').isVisible()).toBe(true);
    }
    const charts = main().getByRole('figure').getByRole('img');
    expect(await charts.count()).toBeGreaterThan(0);
    expect(await charts.first().getAttribute('aria-label')).toMatch(/^(Fitness, fatigue and form|Power-duration curve|Weekly hours by sport)/);
    await shootDesktopAndPhone(page, 'ask-kai-conversation');

    await page.reload();
    await expect.poll(() => answers().count(), { timeout: 30_000 }).toBe(3);
    expect(await main().getByRole('heading', { name: 'how is my fitness?' }).isVisible()).toBe(true);
    expect(await main().getByText('how many hours did I ride per week in the last 4 weeks').isVisible()).toBe(true);
    const kept = conversation.parse(JSON.parse(await stored()));
    expect(kept.messages.map((message) => message.role)).toEqual(['athlete', 'kai', 'athlete', 'kai', 'athlete', 'kai']);
    // The answer's source chip leads to what it read.
    await fitness.getByRole('list', { name: 'Sources' }).getByRole('link').first().waitFor();
  }, 120_000);

  it('keeps an over-long question in the box, and Shift+Enter starts a new line', async () => {
    await box().fill('x'.repeat(1001));
    expect(await main().getByText('1 characters over the limit').isVisible()).toBe(true);
    await box().press('Enter');
    expect(await answers().count()).toBe(3);
    expect((await box().inputValue()).length).toBe(1001);
    await box().fill('first line');
    await box().press('Shift+Enter');
    await box().pressSequentially('second');
    expect(await box().inputValue()).toBe('first line\nsecond');
    await box().fill('');
  });

  it('renames the conversation and deletes it after asking', async () => {
    const list = page.getByRole('navigation', { name: 'Conversations' });
    const row = list.getByRole('listitem').first();
    await row.getByRole('button', { name: /^Rename / }).click();
    const rename = page.getByRole('dialog', { name: 'Rename conversation' });
    await rename.getByLabel('Title').fill('My numbers');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => list.getByRole('link', { name: /My numbers/ }).count()).toBe(1);
    expect(await main().getByRole('heading', { name: 'My numbers' }).isVisible()).toBe(true);

    await row.getByRole('button', { name: 'Delete My numbers' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete “My numbers”?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await list.getByRole('link', { name: /My numbers/ }).count()).toBe(1);
    await row.getByRole('button', { name: 'Delete My numbers' }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL(session.at('/ask'));
    await expect.poll(() => list.getByRole('link', { name: /My numbers/ }).count()).toBe(0);
  }, 60_000);

  it("asks about one activity from its page, and the activity's name stays text", async () => {
    const origin = new URL(session.server.url).origin;
    const uploaded = await page.request.post(session.at('/api/imports'), {
      headers: { origin },
      multipart: { file: { name: 'hostile.gpx', mimeType: 'application/gpx+xml', buffer: heartRateGpx({ name: xmlEscaped(HOSTILE_NAME), type: 'cycling', daysAgo: 1, peakBpm: 170 }) } },
    });
    expect(uploaded.status()).toBe(201);
    const activityId = ((await uploaded.json()) as { activity: { id: string } }).activity.id;

    await page.goto(session.at(`/activities/${activityId}`));
    await main().getByRole('heading', { name: HOSTILE_NAME }).waitFor();
    await main().getByRole('link', { name: 'Ask about this activity' }).click();
    await page.waitForURL(/\/ask\/[0-9a-f-]{36}$/);
    const stored = conversation.parse(await (await page.request.get(page.url().replace('/ask/', '/api/coach/conversations/'))).json());
    expect(stored.activityId).toBe(activityId);
    await main().getByRole('heading', { name: 'Ask Kai about this activity' }).waitFor();

    const answer = await ask('what did this activity mean?');
    await expect.poll(() => answer.getByText(HOSTILE_NAME, { exact: false }).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(await main().locator('img[src="x"]').count()).toBe(0);
    await shootDesktopAndPhone(page, 'ask-kai-activity');

    // On a phone the conversation fills the screen and the list is behind a button.
    await page.setViewportSize({ width: 375, height: 800 });
    await main().getByRole('button', { name: 'Conversations' }).click();
    const drawer = page.getByRole('dialog', { name: 'Conversations' });
    await drawer.getByRole('link', { name: 'New conversation' }).waitFor();
    const dir = process.env.KAIRO_SCREENSHOTS_DIR;
    if (dir) await page.screenshot({ path: join(dir, 'ask-kai-phone-list-375.png') });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 60_000);
});
