import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planAdjustmentList } from '../../src/shared/api/plan-adjustments.ts';
import { readinessAnswer, type WellnessDay } from '../../src/shared/api/wellness.ts';
import type { TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { connectDemoStrava, registerAthlete, waitForJobs } from '../support/strava.ts';
import { DAY_MS } from '../../src/shared/time.ts';

/**
 * Issue 18's demo: in demo mode (no Strava settings, the simulator mounted), connecting the demo
 * athlete's simulated Strava gives them a watch's wellness history of the 60 days before today,
 * without touching a day they entered themselves, so low HRV checked in for yesterday and today
 * makes Kai propose a change to the active plan at once.
 */

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = isoDay(Date.now());
const daysAgo = (days: number) => isoDay(Date.parse(today) - days * DAY_MS);

describe('the demo athlete’s wellness history (PGlite)', { timeout: 300_000 }, () => {
  let server: TestKairo;
  let browser: TestClient;

  beforeAll(async () => {
    server = await startTestKairo('pglite');
    browser = await registerAthlete(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  const wellnessDays = async (from: string, to: string): Promise<WellnessDay[]> => {
    const answer = await browser.get(`/api/wellness?from=${from}&to=${to}`);
    expect(answer.status).toBe(200);
    return answer.body.days as WellnessDay[];
  };
  const readinessOn = async (date: string) => readinessAnswer.parse((await browser.get(`/api/readiness?date=${date}&days=1`)).body).today;

  it('gives 60 days before today on connecting, keeps what the athlete entered, and low HRV two days running leads to a proposal', async () => {
    // A day the athlete checked in before connecting stays theirs.
    const own = { sleepHours: 5, sleepQuality: null, fatigue: 2, soreness: null, stress: null, mood: null, restingHrBpm: null, hrvRmssdMs: 81, weightKg: null, note: 'my own' };
    expect((await browser.put(`/api/wellness/${daysAgo(10)}`, own)).status).toBe(200);

    await connectDemoStrava(browser);
    await waitForJobs(server, 240_000);

    const days = await wellnessDays(daysAgo(90), today);
    expect(days.map((day) => day.date)).toEqual(Array.from({ length: 60 }, (_, index) => daysAgo(60 - index)));
    expect(days.find((day) => day.date === daysAgo(10))).toEqual({ date: daysAgo(10), ...own });
    const watchDays = days.filter((day) => day.date !== daysAgo(10));
    for (const day of watchDays) {
      expect(day).toMatchObject({ sleepQuality: null, fatigue: null, note: null, weightKg: null });
      expect(day.hrvRmssdMs).toBeGreaterThanOrEqual(45);
      expect(day.hrvRmssdMs).toBeLessThanOrEqual(90);
      expect(day.restingHrBpm).toBeGreaterThanOrEqual(46);
      expect(day.restingHrBpm).toBeLessThanOrEqual(52);
      expect(day.sleepHours).toBeGreaterThanOrEqual(5.5);
      expect(day.sleepHours).toBeLessThanOrEqual(9.5);
    }
    // Not a constant: the readings vary from day to day, as a watch's do.
    expect(new Set(watchDays.map((day) => day.hrvRmssdMs)).size).toBeGreaterThan(5);
    // With the history, HRV is judged against a baseline rather than left out.
    expect((await readinessOn(daysAgo(3))).inputs.map((input) => input.key)).toContain('hrv');

    const created = await browser.post('/api/training-plans', {
      preparationType: 'general-fitness',
      planName: 'Demo base',
      selectedActivities: JSON.stringify(['Cycling']),
      planDuration: '12 weeks',
      weeklyTrainingTime: '6 hours',
    });
    expect(created.status).toBe(201);
    const planId = created.body.id as string;
    await waitForJobs(server);

    // HRV of 35 ms checked in for yesterday (past days are editable) and today: low two days running.
    for (const day of [daysAgo(1), today]) expect((await browser.put(`/api/wellness/${day}`, { hrvRmssdMs: 35 })).status).toBe(200);
    await waitForJobs(server);
    // Home's readiness (the 7-day average) is strained today.
    const readiness = await readinessOn(today);
    expect(readiness.state).toBe('strained');
    expect(readiness.inputs.find((input) => input.key === 'hrv')).toMatchObject({ signal: 'poor' });

    const answer = await browser.get(`/api/training-plans/${planId}/adjustments`);
    expect(answer.status).toBe(200);
    const { pending } = planAdjustmentList.parse(answer.body);
    const hrvProposal = pending.find((adjustment) => adjustment.trigger === 'readiness-low');
    expect(hrvProposal?.reason).toMatch(/^HRV 35 ms yesterday and today, below your usual \d+–\d+ ms: /);
    expect(hrvProposal!.changes.length).toBeGreaterThan(0);
  });
});
