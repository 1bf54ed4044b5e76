import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/kairo.ts';
import { hasChromium, type ExpectedResponseError } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';
import { signUpInBrowser } from './support/accounts.ts';

const STILL_READING = 'Kai is still reading your history';

/**
 * Connect Strava (the demo simulator) and watch the first analysis: written while the history is
 * still arriving, it says so, and then changes by itself to the analysis of the whole history,
 * without a reload (issue 14 item 1, ADR 0028).
 */
describe.skipIf(!hasChromium)('the first analysis after connecting, in the browser', () => {
  const expectedErrors: ExpectedResponseError[] = [{ status: 401, path: '/api/auth/user' }];
  const session = useKairoInBrowser(expectedErrors);
  let page: Page;
  beforeAll(() => {
    ({ page } = session);
  });

  const { main } = session;
  const section = (name: string) => main().getByRole('region', { name, exact: true });

  it('shows that Kai is still reading the history, then the rewritten analysis by itself', async () => {
    await signUpInBrowser(page, session.at, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail('e2e-history') });
    await page.getByRole('link', { name: 'Connect with Strava' }).click();
    await page.waitForURL(session.at('/'));

    const stillReading = main().getByRole('status').filter({ hasText: STILL_READING });
    await stillReading.waitFor({ timeout: 30_000 });
    const provisional = await section('Recovery').innerText();
    const url = page.url();

    await stillReading.waitFor({ state: 'detached', timeout: 180_000 });
    await page.waitForFunction(
      ([text]) => !document.querySelector('[aria-label="Recovery"]')?.textContent?.includes(text!),
      [provisional.split('\n').at(-1)!.slice(0, 60)],
      { timeout: 10_000 },
    );
    const rewritten = await section('Recovery').innerText();
    expect(rewritten).not.toBe(provisional);
    expect(rewritten).toMatch(/fitness \(CTL\) \d+/);
    expect(page.url()).toBe(url);
    // The fitness chart beside it was read while the history arrived; it is read again, so it no longer says there is no load.
    const fitness = main().getByRole('figure', { name: /Fitness, fatigue and form/ });
    await fitness.waitFor();
    await expect.poll(() => fitness.getByText(/^No training load in the last \d+ days yet\.$/).count(), { timeout: 30_000 }).toBe(0);
  }, 260_000);
});
