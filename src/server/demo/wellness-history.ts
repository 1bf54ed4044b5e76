import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { JobDefinition } from '../jobs/queue.ts';
import type { StravaService } from '../features/strava/index.ts';
import type { WellnessService } from '../features/wellness/index.ts';
import { DAY_MS } from '../../shared/time.ts';

/**
 * Demo mode: a connected demo athlete gets the wellness history a watch or ring would already hold,
 * so readiness has its baselines from the first check-in (ADR 0037 judges HRV against 60 days and
 * resting HR against 30). It goes in through the wellness CSV import, like a file the athlete
 * brought, and never replaces a day the athlete entered. Product code knows nothing of it.
 */

/** Days of history before today: the HRV baseline's window. */
export const DEMO_WELLNESS_DAYS = 60;

export interface DemoWellnessDay {
  date: string;
  hrvRmssdMs: number;
  restingHrBpm: number;
  sleepHours: number;
}

/** Uniform numbers in [0, 1) from a text: the same text gives the same numbers on every machine. */
function uniforms(text: string): number[] {
  const digest = createHash('sha256').update(text).digest();
  return Array.from({ length: 8 }, (_, index) => digest.readUInt32BE(index * 4) / 2 ** 32);
}

/** A standard normal number from two uniforms (Box–Muller). */
const normal = (u1: number, u2: number) => Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2);

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The `DEMO_WELLNESS_DAYS` days before `today` (not today: that is the athlete's own check-in),
 * oldest first. Each athlete (`seed`) has a personal normal (rMSSD 60–70 ms, resting HR 47–51 bpm,
 * sleep 7–8 h); each day's values depend only on the athlete and the date, so connecting again on a
 * later day gives the days already seen the same values. The athlete is a calm one: rMSSD varies
 * by about 3 % from night to night, resting HR by 1–2 bpm, sleep by half an hour. That keeps the
 * demo's story sure: HRV checked in at 35 ms for yesterday and today is far below the usual range
 * on both days, so Kai proposes a change at once (the readiness-low trigger of plan adjustments
 * reads the days' own readings, ADR 0056), and Home's 7-day average is below the range today.
 * The check-in of yesterday replaces that day of the history, as any check-in replaces its day.
 */
export function demoWellnessHistory(seed: string, today: string): DemoWellnessDay[] {
  const [hrvU, hrU, sleepU] = uniforms(`kairo-demo-wellness|${seed}`);
  const lnHrvNormal = Math.log(60 + 10 * hrvU!);
  const restingHrNormal = 47 + 4 * hrU!;
  const sleepNormal = 7 + sleepU!;
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  const days: DemoWellnessDay[] = [];
  for (let back = DEMO_WELLNESS_DAYS; back >= 1; back--) {
    const date = new Date(todayMs - back * DAY_MS).toISOString().slice(0, 10);
    const u = uniforms(`kairo-demo-wellness|${seed}|${date}`);
    days.push({
      date,
      hrvRmssdMs: Math.round(Math.exp(lnHrvNormal + 0.03 * normal(u[0]!, u[1]!))),
      restingHrBpm: Math.round(clamp(restingHrNormal + 1.3 * normal(u[2]!, u[3]!), 46, 52)),
      sleepHours: round1(clamp(sleepNormal + 0.5 * normal(u[4]!, u[5]!), 5.5, 9.5)),
    });
  }
  return days;
}

/** The days as a wellness CSV file (README "Wellness CSV"), as a watch's export would give them. */
export function demoWellnessCsv(days: readonly DemoWellnessDay[]): Buffer {
  const lines = ['date,hrv_rmssd_ms,resting_hr_bpm,sleep_hours', ...days.map((day) => `${day.date},${day.hrvRmssdMs},${day.restingHrBpm},${day.sleepHours}`)];
  return Buffer.from(`${lines.join('\n')}\n`);
}

const accountPayload = z.object({ accountId: z.uuid() });

/**
 * The job that gives a demo athlete their history when they connect the simulated Strava: it
 * subscribes to `strava.connected` in demo mode only (kairo.ts), and writes only for a demo
 * connection. Seeded by the simulated Strava athlete, so the same athlete always gets the same
 * history; days already stored are kept as they are.
 */
export function createDemoWellnessJob(deps: {
  wellness: Pick<WellnessService, 'importCsv'>;
  strava: Pick<StravaService, 'connection'>;
  now?: () => Date;
}): JobDefinition<typeof accountPayload> {
  const now = deps.now ?? (() => new Date());
  return {
    name: 'demo.wellness-history',
    payload: accountPayload,
    async handler({ accountId }) {
      const connection = await deps.strava.connection(accountId);
      if (!connection?.demo) return;
      const today = now().toISOString().slice(0, 10);
      const history = demoWellnessHistory(`strava-athlete-${connection.stravaId}`, today);
      await deps.wellness.importCsv(accountId, demoWellnessCsv(history), { keepStoredDays: true });
    },
  };
}
