import { computeReadiness, indexWellness, type WellnessReading } from '../src/server/features/wellness/readiness.ts';
import { seededRandom, timeRuns, type RunTimes } from './measure.ts';
import { DAY_MS } from '../src/shared/time.ts';

export interface ReadinessRun {
  /** Days of wellness the series reads (a year plus the 60-day baseline before its first day). */
  wellnessDays: number;
  /** Readiness of every day of a year, as GET /api/readiness?days=366 computes it once the rows are read. */
  yearSeries: RunTimes;
}

const YEAR_DAYS = 366;
const BASELINE_DAYS = 60;
const RUNS = 200;

/** A year of mornings as a ring and a phone record them: most days HRV and resting HR, check-ins on some, gaps. */
function wellnessYear(lastDay: string): WellnessReading[] {
  const next = seededRandom(18);
  const last = Date.parse(`${lastDay}T00:00:00Z`);
  const rows: WellnessReading[] = [];
  for (let ago = YEAR_DAYS + BASELINE_DAYS - 1; ago >= 0; ago--) {
    if (next() < 0.1) continue;
    const checkedIn = next() < 0.6;
    rows.push({
      date: new Date(last - ago * DAY_MS).toISOString().slice(0, 10),
      hrvRmssdMs: Math.round(Math.exp(4.1 + (next() - 0.5) * 0.5)),
      restingHrBpm: 46 + Math.round(next() * 8),
      sleepHours: checkedIn ? 5.5 + next() * 3 : null,
      sleepQuality: checkedIn ? 1 + Math.floor(next() * 5) : null,
      fatigue: checkedIn ? 1 + Math.floor(next() * 5) : null,
      soreness: checkedIn ? 1 + Math.floor(next() * 5) : null,
    });
  }
  return rows;
}

/** Readiness over a year of wellness: indexing the rows and judging every day, as the service does per request. */
export function benchReadiness(): ReadinessRun {
  const lastDay = '2026-11-25';
  const rows = wellnessYear(lastDay);
  const first = Date.parse(`${lastDay}T00:00:00Z`) - (YEAR_DAYS - 1) * DAY_MS;
  const yearSeries = timeRuns(RUNS, () => {
    const index = indexWellness(rows);
    for (let day = 0; day < YEAR_DAYS; day++) {
      computeReadiness(new Date(first + day * DAY_MS).toISOString().slice(0, 10), index, { ctl: 60, atl: 70 + (day % 30) - 15, tsb: -10 + (day % 30) - 15 });
    }
  });
  return { wellnessDays: rows.length, yearSeries };
}
