/**
 * The four-week load cycle (spec §3 "Mesocycle weeks", §4 Mesocycle, §9). Shared by the server,
 * which advances the stored cycle when settings are read, and the web, which shows the week.
 */
export const MESOCYCLE_WEEKS = 4;
export const MESOCYCLE_WEEK_MS = 7 * 86_400_000;

export type MesocycleWeek = 1 | 2 | 3 | 4;

export interface MesocycleWeekInfo {
  name: string;
  /** What the week asks of the athlete, as spec §3 describes it; the coach writes for it. */
  intent: string;
  /** The week's training load as a share of the athlete's baseline, the intent's numbers on one scale. */
  loadPctOfBaseline: { low: number; high: number };
}

export const MESOCYCLE_WEEK_INFO: Record<MesocycleWeek, MesocycleWeekInfo> = {
  1: { name: 'Foundation', intent: 'About 90-95% of baseline load, zone 2, restorative tone.', loadPctOfBaseline: { low: 90, high: 95 } },
  2: { name: 'Load / Torque / Intensification', intent: '+5-10% load, 1-2 structured sessions.', loadPctOfBaseline: { low: 105, high: 110 } },
  3: {
    name: 'Durability / High Load / Consolidation',
    intent: 'About 110% load, one key session per sport.',
    loadPctOfBaseline: { low: 110, high: 110 },
  },
  4: { name: 'Deload / Taper / Recovery', intent: 'Reduce load 30-40%, easy sessions, optional short openers.', loadPctOfBaseline: { low: 60, high: 70 } },
};

export interface MesocycleState {
  enabled: boolean;
  currentWeek: MesocycleWeek;
  /** When the current week started; null until the cycle is first enabled. */
  weekStartDate: Date | null;
}

export function isMesocycleWeek(value: number): value is MesocycleWeek {
  return Number.isInteger(value) && value >= 1 && value <= MESOCYCLE_WEEKS;
}

/**
 * Spec §4: once 7 or more days have passed since the week started, the week moves on by the
 * number of full weeks elapsed, cycling 1 to 4, and the start moves to the start of the current
 * week. "Start of the current week" is the original start plus whole weeks (7 × 24 h each), not a
 * calendar Monday: the athlete began the week when they chose it, so every later week keeps that
 * rhythm, and the server needs no time zone to agree with the browser. Being absolute time, a week
 * that spans a daylight-saving change starts an hour earlier or later on the local clock.
 * A disabled cycle, one without a start, or a start in the future stays as it is.
 */
export function advanceMesocycle(state: MesocycleState, now: Date): { state: MesocycleState; advanced: boolean } {
  if (!state.enabled || !state.weekStartDate) return { state, advanced: false };
  const weeksElapsed = Math.floor((now.getTime() - state.weekStartDate.getTime()) / MESOCYCLE_WEEK_MS);
  if (weeksElapsed < 1) return { state, advanced: false };
  return {
    state: {
      enabled: true,
      currentWeek: weekAfter(state.currentWeek, weeksElapsed),
      weekStartDate: new Date(state.weekStartDate.getTime() + weeksElapsed * MESOCYCLE_WEEK_MS),
    },
    advanced: true,
  };
}

/**
 * The cycle week a moment falls in, counted from the current week's start, or null when it lies
 * before the current cycle's week 1 began (what came earlier was not planned with this cycle).
 */
export function mesocycleWeekAt(state: MesocycleState, at: Date): MesocycleWeek | null {
  if (!state.enabled || !state.weekStartDate) return null;
  const weeksFromCurrent = Math.floor((at.getTime() - state.weekStartDate.getTime()) / MESOCYCLE_WEEK_MS);
  if (weeksFromCurrent < 1 - state.currentWeek) return null;
  return weekAfter(state.currentWeek, weeksFromCurrent);
}

function weekAfter(week: MesocycleWeek, weeks: number): MesocycleWeek {
  const index = (((week - 1 + weeks) % MESOCYCLE_WEEKS) + MESOCYCLE_WEEKS) % MESOCYCLE_WEEKS;
  return (index + 1) as MesocycleWeek;
}
