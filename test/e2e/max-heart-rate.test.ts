import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { heartRateGpx, RIDES_AND_RUNS_WITH_PEAKS } from '../support/heart-rate-gpx.ts';
import { uniqueEmail } from '../support/kairo.ts';
import { hasChromium, shootDesktopAndPhone } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';
import { signUpInBrowser } from './support/accounts.ts';

/**
 * ADR 0060 in a real browser: an athlete with rides and runs sees each sport's estimated max HR
 * with the activities and dates it comes from, and the running estimate offered where it departs
 * from the max HR they set; accepting it with the keyboard fills running's own field and the save
 * sends that field alone. KAIRO_SCREENSHOTS_DIR=/some/dir keeps screenshots.
 */
describe.skipIf(!hasChromium)('max heart rate per sport in the coaching profile', () => {
  const session = useKairoInBrowser([{ status: 401, path: '/api/auth/user' }]);
  let page: Page;
  beforeAll(() => {
    ({ page } = session);
  });
  const overlay = () => page.getByRole('dialog', { name: 'Customize your coaching profile' });
  const heartRateOf = (sport: 'All sports' | 'Cycling' | 'Running') => overlay().getByRole('group', { name: 'Heart rate for' }).getByRole('button', { name: sport });

  it('signs up with rides and runs of their own and a max HR set for all sports', async () => {
    await signUpInBrowser(page, session.at, { firstName: 'Ada', lastName: 'Pulse', email: uniqueEmail('e2e-maxhr') });
    await page.getByRole('dialog', { name: 'Welcome, Ada!' }).waitFor();
    for (const activity of RIDES_AND_RUNS_WITH_PEAKS) {
      const upload = await page.request.post(session.at('/api/imports'), {
        multipart: { file: { name: `${activity.name}.gpx`, mimeType: 'application/gpx+xml', buffer: heartRateGpx(activity) } },
      });
      expect(upload.status(), activity.name).toBe(201);
    }
    expect((await page.request.put(session.at('/api/user/settings'), { data: { athleteMaxHrBpm: 180 } })).status()).toBe(200);
    await page.reload();
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
  });

  it("shows each sport's estimate with its evidence and offers running's, which departs from the 180 bpm in use", async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    await overlay().waitFor();
    const offer = overlay().getByRole('note', { name: 'Suggested running max HR' });
    await offer.waitFor();
    expect(await offer.innerText()).toMatch(
      /Suggested running max HR 191 bpm \(6% above the 180 bpm in use\)\. From your runs of the last 12 months: 191 bpm on Parkrun \(.+\); the one higher peak, 192 bpm on Tempo run \(.+\), is set aside as a possible spike\./,
    );
    expect(await overlay().getByRole('note', { name: 'Suggested cycling max HR' }).count()).toBe(0);

    await heartRateOf('Cycling').click();
    const cycling = overlay().getByText(/^Estimated max HR, cycling: 178 bpm\./);
    expect(await cycling.innerText()).toMatch(/178 bpm on Long ride \(.+\); the one higher peak, 236 bpm on Commute \(.+\), is set aside as a possible spike\./);
    // Every sport by the same rule: never the run or the ride a sport set aside (issue 26).
    await heartRateOf('All sports').click();
    const all = overlay().getByText(/^Estimated max HR, all sports: 191 bpm\./);
    expect(await all.innerText()).toMatch(/From your activities of the last 12 months: 191 bpm on Parkrun \(.+\); the highest peak, 236 bpm on Commute \(.+\), is set aside as a possible spike\./);
    await heartRateOf('Cycling').click();
    await offer.scrollIntoViewIfNeeded();
    await shootDesktopAndPhone(page, 'max-hr-per-sport');

    // Accepted with the keyboard: running's own field is filled and shown, the offer goes away.
    await offer.getByRole('button', { name: 'Use 191 bpm' }).focus();
    await page.keyboard.press('Enter');
    expect(await heartRateOf('Running').getAttribute('aria-pressed')).toBe('true');
    expect(await overlay().getByLabel('Max HR, running (bpm)').inputValue()).toBe('191');
    expect(await offer.count()).toBe(0);

    const put = page.waitForRequest((request) => request.method() === 'PUT' && new URL(request.url()).pathname === '/api/user/settings');
    await overlay().getByRole('button', { name: 'Save' }).click();
    // Only running's max HR: the value for all sports and everything else stay untouched.
    expect((await put).postDataJSON()).toEqual({ hrBySport: { running: { athleteMaxHrBpm: 191 } } });
    await overlay().waitFor({ state: 'detached' });
  });
});
