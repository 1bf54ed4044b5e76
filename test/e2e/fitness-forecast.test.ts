import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { fitnessForecast } from '../../src/shared/api/fitness-forecast.ts';
import { fitnessProjection } from '../../src/web/features/charts/fitness-projection.ts';
import { uniqueEmail } from '../support/kairo.ts';
import { eventPlan } from '../support/plans.ts';
import { daysBeforeToday, powerRide } from '../support/recordings.ts';
import { waitForJobs } from '../support/strava.ts';
import { importFirstFile, signUpInBrowser } from './support/accounts.ts';
import { hasChromium, shootDesktopAndPhone } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';

/**
 * The fitness forecast on Home (ADR 0081): with an event plan, the fitness chart carries on dashed
 * to the event day and says the event morning's projected fitness and form as text, the figures
 * the forecast answers, with the form window the plan aims for (bracketed at the event day) and
 * the verdict or advice. KAIRO_SCREENSHOTS_DIR keeps the screens.
 */
describe.skipIf(!hasChromium)('the fitness forecast in the browser', () => {
  const session = useKairoInBrowser([{ status: 401, path: '/api/auth/user' }]);
  let page: Page;
  beforeAll(() => {
    ({ page } = session);
  });

  it("writes the event morning's projected fitness and form and its form target under Home's fitness chart", async () => {
    await signUpInBrowser(page, session.at, { firstName: 'Demi', lastName: 'Vollering', email: uniqueEmail('e2e-forecast') });
    await importFirstFile(page, { name: 'ride.fit', buffer: powerRide(daysBeforeToday(1, 7)).bytes });
    await waitForJobs(session.server);
    const created = await page.request.post(session.at('/api/training-plans'), { headers: { origin: new URL(session.server.url).origin }, data: eventPlan });
    expect(created.status()).toBe(201);

    await page.goto(session.at('/'));
    const forecast = fitnessForecast.parse(await (await page.request.get(session.at('/api/fitness/forecast'))).json());
    expect(forecast.eventDay?.date).toBe(eventPlan.eventDate);
    const projection = fitnessProjection(forecast, forecast.today.date)!;
    expect(projection.text).toMatch(/^Projected on Gran Fondo Stelvio.* \(\w{3}, \w{3} \d+\): fitness \d+, form [+−]?\d+\.$/);
    const projected = page.getByRole('main').getByTestId('fitness-projection');
    await expect.poll(() => projected.textContent()).toContain(projection.text);
    expect(projection.target).toMatchObject({ formLow: 5, formHigh: 25, met: forecast.eventDay!.target.met });
    expect(await projected.textContent()).toContain(projection.target!.text);
    if (!forecast.eventDay!.target.met) expect(projection.target!.text).toBe(forecast.eventDay!.target.advice);
    await projected.scrollIntoViewIfNeeded();
    await shootDesktopAndPhone(page, 'fitness-forecast-event');
  }, 120_000);
});
