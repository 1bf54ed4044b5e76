import { generateRecording, type Block, type GeneratedRecording, type Terrain } from '../../tools/recordings/index.ts';
import { DAY_MS } from '../../src/shared/time.ts';
import type { TestClient } from './http-client.ts';
import { uploadActivityFile } from './uploads.ts';

/**
 * A year of an athlete's training as generated FIT files (tools/recordings, ADR 0062), ending the
 * day before `today`: trainer intervals every Tuesday and a long ride every Saturday (every other
 * week before the last 20), an outdoor tempo ride every other Thursday of the last 20 weeks, runs
 * (every other week, weekly in the last two months), a monthly hike and a gym session every four
 * weeks. The rider gets stronger through the year with a
 * lighter block four to six months back, so best powers, FTP and volume differ between periods.
 * Outdoor files use smart recording (a point every few seconds) as many head units do, which also
 * keeps the year cheap to generate and import. Ask Kai's question set
 * (test/integration/ask-kai-questions.test.ts) seeds from it; its expectations are read back from
 * the public API, never from this plan.
 */

export interface PlannedActivity {
  /** The calendar day (UTC) it starts on. */
  day: string;
  fileName: string;
  make: () => GeneratedRecording;
}

const ROLLING: Terrain = { baseM: 300, hills: [{ amplitudeM: 35, wavelengthM: 7_000 }, { amplitudeM: 10, wavelengthM: 1_900, phase: 1 }] };
const HILLY: Terrain = { baseM: 700, hills: [{ amplitudeM: 140, wavelengthM: 5_500 }] };

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Fitness through the year, 0.82 a year ago to 1.0 now, with a lighter block four to six months back. */
function formOf(daysAgo: number): number {
  const trend = 1 - 0.18 * (daysAgo / 365);
  return daysAgo >= 120 && daysAgo < 180 ? trend * 0.92 : trend;
}

const watts = (base: number, form: number) => Math.round(base * form);

/** Trainer intervals, one of three sessions by week: VO2max, threshold or 2 × 20 min; 50–70 min. */
function intervalBlocks(week: number, form: number): Block[] {
  const blocks: Block[] = [{ durationS: 600, powerW: watts(160, form), heartRateBpm: 122, cadence: 88 }];
  const session = week % 3;
  const [reps, workS, workW, restS, hr] =
    session === 0 ? [5, 240, 330, 180, 168] : session === 1 ? [3, 480, 300, 240, 162] : [2, 1200, 268, 300, 158];
  for (let rep = 0; rep < reps; rep++) {
    blocks.push({ durationS: workS, powerW: watts(workW, form), heartRateBpm: hr, cadence: 94, lap: true });
    blocks.push({ durationS: restS, powerW: watts(140, form), heartRateBpm: 128, cadence: 85, lap: true });
  }
  blocks.push({ durationS: 480, powerW: watts(130, form), heartRateBpm: 118, cadence: 82, lap: true });
  return blocks;
}

/** An outdoor tempo ride: 75 min with a 30-min block at tempo and a 1-min sprint-ish effort. */
function tempoBlocks(form: number): Block[] {
  return [
    { durationS: 900, powerW: watts(170, form), heartRateBpm: 125, cadence: 88 },
    { durationS: 1_800, powerW: watts(235, form), heartRateBpm: 150, cadence: 90, lap: true },
    { durationS: 60, powerW: watts(480, form), heartRateBpm: 165, cadence: 105, lap: true },
    { durationS: 1_740, powerW: watts(165, form), heartRateBpm: 130, cadence: 86, lap: true },
  ];
}

/** The long weekend ride: 1.5 to 2.5 hours at endurance power. */
function longBlocks(week: number, form: number): Block[] {
  const hours = 1.5 + (week % 3) * 0.5;
  return [
    { durationS: Math.round(hours * 3600 * 0.5), powerW: watts(185, form), heartRateBpm: 135, cadence: 86 },
    { durationS: 20, powerW: watts(750, form), heartRateBpm: 160, cadence: 110, lap: true },
    { durationS: Math.round(hours * 3600 * 0.5), powerW: watts(175, form), heartRateBpm: 138, cadence: 84, lap: true },
  ];
}

/** The year's activities, oldest first, ending on the day before `today` (YYYY-MM-DD). */
export function trainingYear(today: string): PlannedActivity[] {
  const todayMs = Date.parse(today);
  const planned: PlannedActivity[] = [];
  for (let daysAgo = 364; daysAgo >= 1; daysAgo--) {
    const dayMs = todayMs - daysAgo * DAY_MS;
    const day = isoDay(dayMs);
    const weekday = new Date(dayMs).getUTCDay();
    const week = Math.floor(daysAgo / 7);
    const form = formOf(daysAgo);
    const at = (hourUtc: number) => new Date(dayMs + hourUtc * 3_600_000);
    const seed = 1_000 + daysAgo;
    const add = (kind: string, make: (start: Date) => GeneratedRecording, hourUtc: number) =>
      planned.push({ day, fileName: `${day}-${kind}.fit`, make: () => make(at(hourUtc)) });

    // Before the last 20 weeks, a lighter rhythm: the key rides every other week.
    const thin = daysAgo > 140 && week % 2 === 1;
    if (weekday === 2 && !thin) {
      add('intervals', (start) =>
        generateRecording({
          name: 'intervals',
          spec: { kind: 'ride', start, seed, blocks: intervalBlocks(week, form) },
          format: 'fit',
          fitSport: ['cycling', 'indoorCycling'],
          points: { power: true, heartRate: true, cadence: true, interval: [1, 2] },
        }), 17);
    }
    if (weekday === 4 && week % 2 === 0 && daysAgo <= 140) {
      add('tempo', (start) =>
        generateRecording({
          name: 'tempo',
          spec: { kind: 'ride', start, seed, blocks: tempoBlocks(form), terrain: ROLLING, origin: [46.05, 14.5] },
          format: 'fit',
          points: { position: true, distance: true, speed: true, power: true, heartRate: true, cadence: true, altitude: 'barometric', interval: [1, 4] },
        }), 16);
    }
    if (weekday === 6 && !thin) {
      add('long-ride', (start) =>
        generateRecording({
          name: 'long-ride',
          spec: { kind: 'ride', start, seed, blocks: longBlocks(week, form), terrain: daysAgo % 28 < 7 ? HILLY : ROLLING, origin: [46.1, 14.4] },
          format: 'fit',
          points: { position: true, distance: true, speed: true, power: true, heartRate: true, cadence: true, altitude: 'barometric', interval: [1, 4] },
        }), 8);
    }
    if ((weekday === 1 && (week % 2 === 0 || daysAgo <= 56)) || (weekday === 5 && daysAgo <= 28)) {
      const minutes = weekday === 1 ? 40 : 30;
      add('run', (start) =>
        generateRecording({
          name: 'run',
          spec: {
            kind: 'run',
            start,
            seed,
            blocks: [{ durationS: minutes * 60, speedMps: 2.9 + 0.4 * form, heartRateBpm: weekday === 1 ? 145 : 158, cadence: 86 }],
            terrain: ROLLING,
            origin: [46.04, 14.49],
          },
          format: 'fit',
          points: { position: true, distance: true, speed: true, heartRate: true, cadence: true, altitude: 'barometric', interval: [1, 5] },
        }), 6);
    }
    if (weekday === 0 && new Date(dayMs).getUTCDate() <= 7) {
      add('hike', (start) =>
        generateRecording({
          name: 'hike',
          spec: { kind: 'hike', start, seed, blocks: [{ durationS: 6_300, speedMps: 1.3, heartRateBpm: 112 }], terrain: HILLY, origin: [46.3, 13.8] },
          format: 'fit',
          points: { position: true, distance: true, heartRate: true, altitude: 'barometric', interval: [5, 15] },
        }), 9);
    }
    if (weekday === 3 && week % 4 === 1) {
      add('gym', (start) =>
        generateRecording({
          name: 'gym',
          spec: { kind: 'generic', start, seed, blocks: [{ durationS: 2_700, speedMps: 0, powerW: 0, heartRateBpm: 118, cadence: 0 }] },
          format: 'fit',
          sport: 'Workout',
          points: { heartRate: true, interval: 10 },
        }), 18);
    }
  }
  return planned;
}

/** Uploads the year as `athlete`, `parallel` files at a time; the new activities' ids with their plan, oldest first. */
export async function uploadTrainingYear(athlete: TestClient, today: string, parallel = 4): Promise<(PlannedActivity & { id: string })[]> {
  const planned = trainingYear(today);
  // Generated before the first upload: generating is synchronous work that would hold up the server's own.
  const files = planned.map((activity) => activity.make().bytes);
  const ids: string[] = new Array(planned.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < planned.length; index = next++) ids[index] = await uploadActivityFile(athlete, planned[index]!.fileName, files[index]!);
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return planned.map((activity, index) => ({ ...activity, id: ids[index]! }));
}
