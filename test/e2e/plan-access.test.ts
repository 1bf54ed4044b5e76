import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { setAccountPlan } from '../../src/server/admin/accounts.ts';
import { FREE_PLAN_LIMIT_MESSAGE } from '../../src/shared/api/training-plans.ts';
import { uniqueEmail } from '../support/kairo.ts';
import { hasChromium, hoverUntilTooltip, shootDesktopAndPhone } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';
import { signInAfresh, signUpInBrowser } from './support/accounts.ts';
import { powerRide } from '../support/recordings.ts';

/**
 * Who gets into the training plans and the athletic profile (spec §2 routes, §6; ADR 0017), in a
 * real browser: a visitor is sent to the identity provider's sign-in; a signed-in athlete with
 * neither Strava nor activities meets the connect step (never while the answer is still loading
 * or after it failed), imports a ride instead and is let in; a Free account at its one plan sees
 * the create button disabled with the reason. KAIRO_SCREENSHOTS_DIR=/some/dir keeps screenshots.
 */
describe.skipIf(!hasChromium)('access to the training plans and the profile', () => {
  const session = useKairoInBrowser([
    // Signed out, the session check answers 401; one step makes the Strava status fail on purpose;
    // the uploads-only athlete has no athletic profile until /profile asks for one.
    { status: 401, path: '/api/auth/user' },
    { status: 503, path: '/api/strava/status' },
    { status: 404, path: '/api/profile' },
  ]);
  let page: Page;
  beforeAll(() => {
    ({ page } = session);
  });
  const { at, main } = session;
  const connectHeading = () => main().getByRole('heading', { name: 'Connect with Strava' });
  const email = uniqueEmail('e2e-access');
  const password = 'correct horse battery';

  it('sends a signed-out visitor of /training-plan to the identity-provider sign-in, and of /profile home', async () => {
    await page.goto(at('/training-plan'));
    // /api/auth/google, which in demo mode is the bundled OpenID provider under /dev/idp.
    await page.waitForURL((url) => url.pathname.startsWith('/dev/idp/'));
    await page.getByText('Kairo development sign-in').first().waitFor();

    await page.goto(at('/profile'));
    await page.waitForURL(at('/'));
    await page.getByRole('heading', { name: 'No more guesswork in your training.' }).waitFor();
  });

  it('shows a signed-in athlete without Strava a loading state, then the connect step with the import beside it', async () => {
    await signUpInBrowser(page, at, { firstName: 'Ada', lastName: 'Files', email, password });
    await page.getByRole('dialog', { name: 'Welcome, Ada!' }).waitFor();

    // The Strava status held back: a loading state, never a flash of the connect step.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/strava/status', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(at('/training-plan'));
    await main().getByRole('status').getByText('Loading...').waitFor();
    expect(await connectHeading().count()).toBe(0);
    release();
    await connectHeading().waitFor();
    await page.unroute('**/api/strava/status');

    expect(await main().getByText('Training plans start from what your recent activities say about you.').isVisible()).toBe(true);
    expect(await main().getByRole('link', { name: 'Connect with Strava' }).getAttribute('href')).toBe('/api/auth/strava');
    expect(await main().getByRole('button', { name: 'or import your own files' }).isVisible()).toBe(true);
    await shootDesktopAndPhone(page, 'plans-connect-step');
  });

  it('says so with a retry when the Strava status cannot be had, instead of asking to connect', async () => {
    let statusRequests = 0;
    await page.route('**/api/strava/status', (route) => {
      statusRequests += 1;
      return route.fulfill({ status: 503, body: 'Service Unavailable' });
    });
    await page.goto(at('/profile'));
    const alert = main().getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Your Strava connection and activities could not be checked.');
    expect(await connectHeading().count()).toBe(0);
    await shootDesktopAndPhone(page, 'profile-connect-error');
    // Asked once, not again and again (no retries, spec §9).
    expect(statusRequests).toBe(1);

    await page.unroute('**/api/strava/status');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await connectHeading().waitFor();
    expect(await main().getByText('Your athletic profile is built from your last 30 activities.').isVisible()).toBe(true);
  });

  it('lets an athlete who imports a ride instead into the training plans and the profile', async () => {
    await page.getByRole('link', { name: 'Training plan' }).click();
    await connectHeading().waitFor();
    await main().getByRole('button', { name: 'or import your own files' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import activities' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'ride.fit',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(powerRide().bytes),
    });
    await dialog.getByText(/^Imported: /).waitFor();
    // The import keeps its dialog; closing it opens the screen.
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await main().getByRole('heading', { name: 'Your plans' }).waitFor();
    expect(await connectHeading().count()).toBe(0);

    await page.getByRole('link', { name: 'Profile' }).click();
    await main().getByRole('heading', { level: 1, name: /^Good (Morning|Afternoon|Evening), Ada$/ }).waitFor({ timeout: 30_000 });
    expect(await connectHeading().count()).toBe(0);
  });

  it('disables "Create a new plan" on a Free account that has its one plan, and says why', async () => {
    const created = await page.request.post(at('/api/training-plans'), {
      data: { preparationType: 'general-fitness', planName: 'Base miles', selectedActivities: '["Cycling"]', planDuration: '8 weeks' },
    });
    expect(created.status()).toBe(201);
    // A new session reads the new plan at once (a live one may keep its cached account a few seconds).
    await setAccountPlan(session.server.database.handle.db, email, 'Free');
    await signInAfresh(page, at, email, password);

    await page.goto(at('/training-plan'));
    await main().getByRole('article', { name: 'Base miles' }).waitFor();
    expect(await main().getByRole('button', { name: 'Create a new plan' }).isDisabled()).toBe(true);
    await hoverUntilTooltip(page, main().getByLabel(FREE_PLAN_LIMIT_MESSAGE), FREE_PLAN_LIMIT_MESSAGE);
    await shootDesktopAndPhone(page, 'plans-free-limit');
  });
});
