/**
 * The Performance Management Chart (Coggan's PMC, after Banister's impulse-response model):
 * chronic training load (CTL, "fitness") and acute training load (ATL, "fatigue") are
 * exponentially weighted averages of daily load with time constants of 42 and 7 days, updated as
 * TrainingPeaks does: CTL(d) = CTL(d−1) + (load(d) − CTL(d−1)) / 42.
 * Training stress balance (TSB, "form") is yesterday's CTL − yesterday's ATL, as in TrainingPeaks:
 * form describes readiness on the morning of the day, before that day's training.
 */

export interface DailyLoad {
  /** 'YYYY-MM-DD' in the athlete's calendar. */
  date: string;
  load: number;
}

export interface FitnessDay {
  date: string;
  /** The sum of the day's loads; 0 on a day without activities. */
  load: number;
  ctl: number;
  atl: number;
  tsb: number;
}

export interface FitnessStart {
  ctl: number;
  atl: number;
}

const CTL_TIME_CONSTANT_DAYS = 42;
const ATL_TIME_CONSTANT_DAYS = 7;
const MS_PER_DAY = 86_400_000;

/**
 * CTL/ATL/TSB for each day from `fromDate` to `toDate` inclusive. Loads before `fromDate` count
 * (the averages start from `start`, default 0, on the earliest day given); days without an entry
 * have load 0; several entries on one day add up.
 */
export function computeFitnessSeries(
  dailyLoads: readonly DailyLoad[],
  fromDate: string,
  toDate: string,
  start: FitnessStart = { ctl: 0, atl: 0 },
): FitnessDay[] {
  const fromDay = toDayNumber(fromDate);
  const toDay = toDayNumber(toDate);
  const loadByDay = new Map<number, number>();
  for (const { date, load } of dailyLoads) {
    const day = toDayNumber(date);
    loadByDay.set(day, (loadByDay.get(day) ?? 0) + load);
  }
  const firstDay = Math.min(fromDay, ...loadByDay.keys());

  const series: FitnessDay[] = [];
  let { ctl, atl } = start;
  for (let day = firstDay; day <= toDay; day++) {
    const load = loadByDay.get(day) ?? 0;
    const tsb = ctl - atl;
    ctl += (load - ctl) / CTL_TIME_CONSTANT_DAYS;
    atl += (load - atl) / ATL_TIME_CONSTANT_DAYS;
    if (day >= fromDay) series.push({ date: toIsoDate(day), load, ctl, atl, tsb });
  }
  return series;
}

/**
 * The series for each day from `fromDate` to `toDate` inclusive, read from stored days: `stored`
 * holds consecutive days, sorted, as computeFitnessSeries gave them for the whole history, and may
 * start before `fromDate` (the last stored day before it, to carry on from). A day before the
 * first stored day has no history yet (all zero); a day after the last is a rest day, whose
 * averages decay from the day before.
 */
export function continueFitnessSeries(stored: readonly FitnessDay[], fromDate: string, toDate: string): FitnessDay[] {
  const fromDay = toDayNumber(fromDate);
  const toDay = toDayNumber(toDate);
  const storedByDay = new Map(stored.map((entry) => [toDayNumber(entry.date), entry]));
  const series: FitnessDay[] = [];
  let previous: { ctl: number; atl: number } = { ctl: 0, atl: 0 };
  // Only days from the first stored one matter before the window: earlier days are all zero.
  const startDay = Math.min(fromDay, ...storedByDay.keys());
  for (let day = startDay; day <= toDay; day++) {
    const found = storedByDay.get(day);
    let entry: FitnessDay | null = null;
    if (found) {
      entry = found;
      previous = found;
    } else {
      // The same steps as computeFitnessSeries with a load of 0, so a continued day equals a computed one exactly.
      const tsb = previous.ctl - previous.atl;
      const ctl = previous.ctl + (0 - previous.ctl) / CTL_TIME_CONSTANT_DAYS;
      const atl = previous.atl + (0 - previous.atl) / ATL_TIME_CONSTANT_DAYS;
      previous = { ctl, atl };
      if (day >= fromDay) entry = { date: toIsoDate(day), load: 0, ctl, atl, tsb };
    }
    if (entry && day >= fromDay) series.push(entry);
  }
  return series;
}

function toDayNumber(isoDate: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const day = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / MS_PER_DAY : NaN;
  if (!Number.isInteger(day) || toIsoDate(day) !== isoDate) throw new RangeError(`Not a YYYY-MM-DD date: ${isoDate}`);
  return day;
}

function toIsoDate(dayNumber: number): string {
  return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
}
