import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { analysisView } from '../../src/shared/api/analysis.ts';
import { dayPlanAnswer, type DayPlanAnswer, type DayPlanDay } from '../../src/shared/api/day-plan.ts';
import { fitnessForecast } from '../../src/shared/api/fitness-forecast.ts';
import { formatDurationWords } from '../../src/shared/format.ts';
import { fitnessProjection } from '../../src/web/features/charts/fitness-projection.ts';
import { localDay } from '../../src/web/lib/local-day.ts';
import { uniqueEmail } from '../support/kairo.ts';
import { daysBeforeToday, powerRide } from '../support/recordings.ts';
import { waitForJobs } from '../support/strava.ts';
import { importFirstFile, signUpInBrowser } from './support/accounts.ts';
import { hasChromium, shootDesktopAndPhone } from './support/browser.ts';
import { useKairoInBrowser } from './support/kairo-in-browser.ts';

/**
 * The day plan on screen (ADR 0068): Home says what today and tomorrow hold, as the API decides it,
 * first Kai's suggestion after yesterday's ride, then the plan's sessions once a plan covers the
 * days; the plan view says the same; the ride's analysis offers its files only while tomorrow is
 * still its suggestion, and otherwise says what tomorrow is now. KAIRO_SCREENSHOTS_DIR keeps the screens.
 */
describe.skipIf(!hasChromium)('the day plan in the browser', () => {
  const session = useKairoInBrowser([{ status: 401, path: '/api/auth/user' }]);
  let page: Page;
  beforeAll(() => {
    ({ page } = session);
  });
  const main = () => page.getByRole('main');
  const card = () => main().getByRole('region', { name: 'Your days' });
  const dayPlan = async (): Promise<DayPlanAnswer> => dayPlanAnswer.parse(await (await page.request.get(session.at(`/api/day-plan?today=${localDay()}&days=2`))).json());
  const shown = (day: DayPlanDay) => (day.session ? `${day.session.title} · ${formatDurationWords(day.session.durationMin * 60)}` : day.source === 'plan' ? 'Rest day' : 'No session decided');

  async function expectCardToSay(answer: DayPlanAnswer): Promise<void> {
    await card().waitFor();
    for (const [label, day] of [['today', answer.days[0]!], ['tomorrow', answer.days[1]!]] as const) {
      const row = card().getByTestId(`day-plan-${label}`);
      await expect.poll(() => row.getByTestId('day-plan-session').textContent()).toBe(shown(day));
      expect(await row.getByText(day.why).isVisible()).toBe(true);
    }
  }

  it("shows Kai's suggestion after yesterday's ride as today's session on Home, and nothing made up for tomorrow", async () => {
    await signUpInBrowser(page, session.at, { firstName: 'Lotte', lastName: 'Kopecky', email: uniqueEmail('e2e-dayplan') });
    await importFirstFile(page, { name: 'ride.fit', buffer: powerRide(daysBeforeToday(1, 7)).bytes });
    await waitForJobs(session.server);
    await page.reload();

    const answer = await dayPlan();
    expect(answer.days.map((day) => day.source)).toEqual(['coach', 'none']);
    await expectCardToSay(answer);
    expect(await card().getByTestId('day-plan-today').getByText("Kai's suggestion").isVisible()).toBe(true);
    await shootDesktopAndPhone(page, 'day-plan-home-suggestion');
  }, 120_000);

  it("shows the plan's sessions on Home and in the plan view once a plan covers the days, and the ride's analysis says what tomorrow is now", async () => {
    const origin = { origin: new URL(session.server.url).origin };
    const created = await page.request.post(session.at('/api/training-plans'), {
      headers: origin,
      data: { preparationType: 'general-fitness', planName: 'Winter base', selectedActivities: JSON.stringify(['Cycling']), planDuration: '12 weeks', weeklyTrainingTime: '6 hours', startDate: localDay(-1) },
    });
    expect(created.status()).toBe(201);
    const planId = ((await created.json()) as { id: string }).id;

    await page.goto(session.at('/'));
    const answer = await dayPlan();
    expect(answer.days.map((day) => day.source)).toEqual(['plan', 'plan']);
    await expectCardToSay(answer);
    expect(await card().getByText('Plan: Winter base').first().isVisible()).toBe(true);

    // The fitness chart carries on dashed to the plan's last day and says where fitness and form stand then (ADR 0081).
    const forecast = fitnessForecast.parse(await (await page.request.get(session.at('/api/fitness/forecast'))).json());
    expect(forecast).toMatchObject({ planId, eventDay: null });
    const projection = fitnessProjection(forecast, forecast.today.date)!;
    expect(projection.text).toMatch(/^Projected on .+, your plan’s last day: fitness \d+, form [+−]?\d+\.$/);
    const projected = main().getByTestId('fitness-projection');
    await expect.poll(() => projected.textContent()).toContain(projection.text);
    await projected.scrollIntoViewIfNeeded();
    await shootDesktopAndPhone(page, 'fitness-forecast-home');

    // The ride's analysis on Home: written again for the plan, its next session is the plan's.
    const rides = (await (await page.request.get(session.at('/api/activities'))).json()) as { id: string }[];
    const analysis = analysisView.parse(await (await page.request.get(session.at(`/api/activities/${rides[0]!.id}/analysis`))).json());
    await page.reload();
    const next = main().getByRole('region', { name: 'Next Session' });
    await next.waitFor();
    const tomorrow = answer.days[1]!;
    const asSuggested = tomorrow.session?.title === analysis.nextSession.title && tomorrow.session.durationMin === Math.round(analysis.nextSession.totalDurationS / 60);
    if (asSuggested) {
      await next.getByRole('button', { name: 'Add to calendar' }).waitFor();
    } else {
      const note = next.getByTestId('next-session-now');
      await note.waitFor();
      expect(await note.getByText(`Tomorrow is now ${tomorrow.session ? `${tomorrow.session.title}, ${formatDurationWords(tomorrow.session.durationMin * 60)}` : 'a rest day'}.`).isVisible()).toBe(true);
      expect(await next.getByRole('button', { name: 'Add to calendar' }).count()).toBe(0);
      // By keyboard to tomorrow's session in the plan.
      await note.getByRole('link').focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(new RegExp(`/training-plan/view\\?id=${planId}`));
    }
    await shootDesktopAndPhone(page, asSuggested ? 'day-plan-analysis' : 'day-plan-plan-view');

    await page.goto(session.at(`/training-plan/view?id=${planId}`));
    await expectCardToSay(answer);
    await shootDesktopAndPhone(page, 'day-plan-plan-view-card');
  }, 120_000);
});
