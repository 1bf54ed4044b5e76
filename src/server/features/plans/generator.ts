import {
  DAYS_OF_WEEK,
  parseSelectedActivities,
  type DayOfWeek,
  type GeneratedPhase,
  type GeneratedPlan,
  type PhaseWeek,
  type PlanGap,
  type ScheduledDay,
  type TrainingPlanInput,
} from '../../../shared/api/training-plans.ts';
import type { PhaseName, PlanSchedule } from '../../../shared/domain/plan-phases.ts';
import type { AthleteFacts } from './athlete-facts.ts';
import { sessionSteps, type FtpRange, type MainSet } from './session-steps.ts';

/**
 * Kairo's built-in plan generator: deterministic, from the athlete's facts and goal only. Numbers
 * in the plan are the athlete's (volume, longest session, FTP, speeds), what they typed (distance,
 * weekly time), or follow from a rule named in `assumptions` (e.g. the volume growth cap).
 */

/** Weekly volume may grow at most this much over the athlete's current volume by the peak. */
const PEAK_GROWTH = 1.5;
/** A starting volume when the athlete has no recent activities; stated as an assumption. */
const NO_HISTORY_WEEKLY_MIN = 180;
/** Every fourth week of base and build is a recovery week at this share of the week before. */
const RECOVERY_SHARE = 0.65;
const TAPER_START_SHARE = 0.7;
const TAPER_END_SHARE = 0.5;

type Sport = 'cycling' | 'running' | 'lifting' | 'other';

interface Goal {
  title: string;
  /** The main endurance sport. */
  sport: 'cycling' | 'running';
  sports: Sport[];
  otherActivity: string | null;
  distanceKm: number | null;
  elevationM: number | null;
  /** Estimated event duration at the athlete's recent speed. */
  eventMinutes: number | null;
  targetText: string | null;
}

export interface GeneratorResult {
  generatedPlan: GeneratedPlan;
  planSummary: string;
}

const round5 = (minutes: number) => Math.max(0, Math.round(minutes / 5) * 5);

/** '1:30' for 90 minutes; '0:45' for 45. */
export function clockMinutes(minutes: number): string {
  const whole = Math.round(minutes);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** A distance as typed: '100 km', '62 mi', '42.2', 'marathon'; in kilometres. */
export function parseDistanceKm(text: string | null | undefined): number | null {
  if (!text) return null;
  const lower = text.toLowerCase();
  const number = /(\d+(?:[.,]\d+)?)/.exec(lower);
  if (number?.[1]) {
    const value = Number(number[1].replace(',', '.'));
    if (/\b(mi|mile|miles)\b/.test(lower)) return value * 1.60934;
    if (/\d\s*k\b/.test(lower)) return value;
    if (/\d\s*m\b|metres|meters/.test(lower) && value >= 400) return value / 1000;
    return value > 0 ? value : null;
  }
  if (lower.includes('half')) return 21.1;
  if (lower.includes('marathon')) return 42.2;
  return null;
}

/** An elevation as typed: '1500 m', '4000 ft'; in metres. */
export function parseElevationM(text: string | null | undefined): number | null {
  if (!text) return null;
  const number = /(\d+(?:[.,]\d+)?)/.exec(text);
  if (!number?.[1]) return null;
  const value = Number(number[1].replace(',', '.'));
  return /ft|feet/i.test(text) ? value * 0.3048 : value;
}

/** Weekly training time as typed: '8 hours', '6-8 h', '450 min', '7'; the lower bound, in minutes. */
export function parseWeeklyMinutes(text: string | null | undefined): number | null {
  if (!text) return null;
  const number = /(\d+(?:[.,]\d+)?)/.exec(text);
  if (!number?.[1]) return null;
  const value = Number(number[1].replace(',', '.'));
  if (!(value > 0)) return null;
  if (/min/i.test(text)) return value;
  // A bare number is hours unless no week could hold that many.
  return /h/i.test(text) || value <= 40 ? value * 60 : value;
}

export function parseFtpW(text: string | null | undefined): number | null {
  const number = text ? /(\d{2,4})/.exec(text) : null;
  const value = number?.[1] ? Number(number[1]) : null;
  return value !== null && value >= 50 && value <= 700 ? value : null;
}

function goalOf(input: TrainingPlanInput, facts: AthleteFacts): Goal {
  const sport = input.eventType ?? 'cycling';
  if (input.preparationType === 'general-fitness') {
    const options = parseSelectedActivities(input.selectedActivities) ?? [];
    const sports = options.map((option) => option.toLowerCase() as Sport);
    const main = sports.includes('running') && !sports.includes('cycling') ? 'running' : 'cycling';
    return {
      title: input.planName?.trim() || 'General fitness',
      sport: main,
      sports,
      otherActivity: input.otherActivity?.trim() || null,
      distanceKm: null,
      elevationM: null,
      eventMinutes: null,
      targetText: null,
    };
  }
  const isEvent = input.preparationType === 'event';
  const distanceKm = parseDistanceKm(isEvent ? input.eventDistance : input.prDistance);
  const speed = facts.averageSpeedMps[sport === 'cycling' ? 'ride' : 'run'];
  return {
    title: (isEvent ? input.eventName : input.prGoal)?.trim() || 'Your goal',
    sport,
    sports: [sport],
    otherActivity: null,
    distanceKm,
    elevationM: parseElevationM(isEvent ? input.eventElevation : input.prElevation),
    eventMinutes: distanceKm !== null && speed ? (distanceKm * 1000) / speed / 60 : null,
    targetText: isEvent ? (input.completionGoal === 'time' ? input.targetTime?.trim() || null : null) : input.targetPr?.trim() || null,
  };
}

interface Volume {
  currentMin: number;
  peakMin: number;
  assumptions: string[];
}

function volumeOf(input: TrainingPlanInput, facts: AthleteFacts): Volume {
  const assumptions: string[] = [];
  let current = facts.weeklyMinutes;
  if (current === 0) {
    current = NO_HISTORY_WEEKLY_MIN;
    assumptions.push(`No activities in the last 4 weeks: the plan starts from ${clockMinutes(current)} a week.`);
  }
  const available = parseWeeklyMinutes(input.weeklyTrainingTime);
  const capped = current * PEAK_GROWTH;
  let peak: number;
  if (available === null) {
    peak = capped;
    assumptions.push(`No weekly training time given: the peak week is ${Math.round((PEAK_GROWTH - 1) * 100)}% above your current volume.`);
  } else if (available > capped) {
    peak = capped;
    assumptions.push(
      `You have ${clockMinutes(available)} a week; the peak week stays at ${clockMinutes(round5(capped))} (at most ${Math.round((PEAK_GROWTH - 1) * 100)}% above your current volume) to keep the build safe.`,
    );
  } else {
    peak = available;
    if (available < current) assumptions.push(`You have ${clockMinutes(available)} a week, less than the ${clockMinutes(round5(current))} you train now: the plan fits your time.`);
  }
  return { currentMin: round5(current), peakMin: round5(Math.max(peak, 60)), assumptions };
}

/** Planned minutes of every week, phase by phase (3 load weeks then 1 recovery week; a declining taper). */
function weeklyTargets(schedule: PlanSchedule, volume: Volume): Record<PhaseName, PhaseWeek[]> {
  const start = Math.min(volume.currentMin, volume.peakMin);
  const [base, build, peakTaper] = schedule.phases;
  const weeksOf = (count: number, from: number, to: number, kind: 'load' | 'peak'): PhaseWeek[] =>
    Array.from({ length: count }, (_, index) => {
      const week = index + 1;
      const progress = count === 1 ? 1 : index / (count - 1);
      const target = from + (to - from) * progress;
      const recovery = kind === 'load' && week % 4 === 0 && week !== count;
      return { week, kind: recovery ? 'recovery' : kind, targetMin: round5(recovery ? target * RECOVERY_SHARE : target) };
    });
  const baseEnd = start + (volume.peakMin - start) * 0.7;
  const taperWeeks = schedule.taperWeeks;
  const peakWeeks = (peakTaper?.weeks ?? 0) - taperWeeks;
  const taper: PhaseWeek[] = Array.from({ length: taperWeeks }, (_, index) => {
    const share = taperWeeks === 1 ? TAPER_END_SHARE : TAPER_START_SHARE + ((TAPER_END_SHARE - TAPER_START_SHARE) * index) / (taperWeeks - 1);
    return { week: peakWeeks + index + 1, kind: 'taper', targetMin: round5(volume.peakMin * share) };
  });
  return {
    base: weeksOf(base?.weeks ?? 0, start, baseEnd, 'load'),
    build: weeksOf(build?.weeks ?? 0, baseEnd, volume.peakMin, 'load'),
    'peak-and-taper': [...weeksOf(peakWeeks, volume.peakMin, volume.peakMin, 'peak'), ...taper],
  };
}

interface SessionKind {
  label: string;
  zones: string;
  description: string;
  /** Relative share of the week's time. */
  weight: number;
  /** Endurance sessions: what the description says, as structure; a cycling session's steps are built from it. */
  main?: MainSet;
}

function zoneText(sport: 'cycling' | 'running', zone: string, ftpPct: FtpRange | null, ftpW: number | null): string {
  if (sport === 'cycling' && ftpPct) {
    const watts = ftpW ? `, ${Math.round((ftpPct[0] * ftpW) / 100)}-${Math.round((ftpPct[1] * ftpW) / 100)} W` : '';
    return `${zone} (${ftpPct[0]}-${ftpPct[1]}% FTP${watts})`;
  }
  return `${zone} (heart-rate ${zone.toLowerCase()})`;
}

/** Coggan's power zones as % of FTP; a session's zones text and its steps use the same ranges. */
const Z1: FtpRange = [45, 55];
const Z2: FtpRange = [56, 75];
const Z3: FtpRange = [76, 90];
const Z4: FtpRange = [91, 105];
const Z5: FtpRange = [106, 120];
const GOAL_PACE: FtpRange = [85, 100];
const SIMULATION: FtpRange = [56, 100];

const intervals = (repeats: number, workMin: number, work: FtpRange, recoveryMin: number, recovery: FtpRange): MainSet => ({
  kind: 'intervals',
  repeats,
  workMin,
  work,
  recoveryMin,
  recovery,
});

/** The week's endurance sessions of a phase, in the order they are placed (the long one last). */
function enduranceSessions(phase: PhaseName, sport: 'cycling' | 'running', ftpW: number | null): SessionKind[] {
  const z = (zone: string, pct: FtpRange) => zoneText(sport, zone, pct, ftpW);
  const noun = sport === 'cycling' ? 'ride' : 'run';
  const recovery: MainSet = { kind: 'easy', target: Z1 };
  const aerobic: MainSet = { kind: 'steady', target: Z2 };
  if (phase === 'base') {
    return [
      { label: 'endurance', zones: z('Z2', Z2), description: `Steady aerobic ${noun}, conversational effort.`, weight: 1, main: aerobic },
      { label: 'tempo', zones: z('Z3', Z3), description: `Aerobic ${noun} with 2 x 15 min tempo, 5 min steady between.`, weight: 1, main: intervals(2, 15, Z3, 5, Z2) },
      { label: 'recovery', zones: z('Z1', Z1), description: `Easy ${noun} to absorb the week.`, weight: 0.6, main: recovery },
      { label: 'endurance', zones: z('Z2', Z2), description: `Aerobic ${noun} with relaxed form drills.`, weight: 1, main: aerobic },
      { label: 'long', zones: z('Z2', Z2), description: `Long ${noun}: the week's key aerobic session.`, weight: 2, main: aerobic },
    ];
  }
  if (phase === 'build') {
    return [
      { label: 'threshold', zones: z('Z4', Z4), description: `Threshold intervals: 3 x 10 min, 5 min easy between.`, weight: 1, main: intervals(3, 10, Z4, 5, Z1) },
      { label: 'endurance', zones: z('Z2', Z2), description: `Steady aerobic ${noun}.`, weight: 1, main: aerobic },
      { label: 'recovery', zones: z('Z1', Z1), description: `Easy ${noun}, legs loose.`, weight: 0.6, main: recovery },
      { label: 'vo2max', zones: z('Z5', Z5), description: `VO2max intervals: 5 x 3 min, 3 min easy between.`, weight: 0.9, main: intervals(5, 3, Z5, 3, Z1) },
      {
        label: 'long',
        zones: z('Z2-Z3', [Z2[0], Z3[1]]),
        description: `Long ${noun} finishing with 20 min at goal effort.`,
        weight: 2,
        main: { kind: 'finish', target: Z2, finishMin: 20, finish: Z3 },
      },
    ];
  }
  return [
    { label: 'race pace', zones: z('Z3-Z4', GOAL_PACE), description: `Goal-pace blocks: 3 x 12 min at the effort you will hold, 4 min easy between.`, weight: 1, main: intervals(3, 12, GOAL_PACE, 4, Z1) },
    { label: 'endurance', zones: z('Z2', Z2), description: `Steady aerobic ${noun}.`, weight: 0.9, main: aerobic },
    { label: 'recovery', zones: z('Z1', Z1), description: `Easy ${noun}.`, weight: 0.5, main: recovery },
    { label: 'sharpening', zones: z('Z5', Z5), description: `Short openers: 6 x 1 min hard, 2 min easy.`, weight: 0.7, main: intervals(6, 1, Z5, 2, Z1) },
    { label: 'simulation', zones: z('Z2-Z4', SIMULATION), description: `Goal simulation: the terrain, pacing and fuelling of the day.`, weight: 1.8, main: { kind: 'steady', target: SIMULATION } },
  ];
}

/** Training days for a weekly volume: fewer, longer days when time is short; Monday always rests. */
function trainingDays(weeklyMin: number): DayOfWeek[] {
  if (weeklyMin < 240) return ['Tuesday', 'Thursday', 'Saturday', 'Sunday'];
  if (weeklyMin < 480) return ['Tuesday', 'Wednesday', 'Thursday', 'Saturday', 'Sunday'];
  return ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
}

const STRENGTH_MIN = 45;
const sportName: Record<Sport, string> = { cycling: 'Cycling', running: 'Running', lifting: 'Lifting', other: 'Other' };

function dailySchedule(phase: PhaseName, goal: Goal, weeklyMin: number, ftpW: number | null): ScheduledDay[] {
  const days = trainingDays(weeklyMin);
  const endurance = enduranceSessions(phase, goal.sport, ftpW);
  // Drop the lighter sessions first when there are fewer days than sessions; the long one stays.
  const byImportance = ['long', 'threshold', 'race pace', 'simulation', 'tempo', 'endurance', 'vo2max', 'sharpening', 'recovery'];
  const plan: { day: DayOfWeek; sport: Sport; session: SessionKind }[] = [];
  const extraSports = goal.sports.filter((sport) => sport === 'lifting' || sport === 'other');
  const otherEndurance = goal.sports.filter(
    (sport): sport is 'cycling' | 'running' => (sport === 'cycling' || sport === 'running') && sport !== goal.sport,
  );
  const strength: SessionKind = {
    label: 'strength',
    zones: 'RPE 6-7',
    description: phase === 'base' ? 'Full-body strength: squats, hinges, lunges, core; 3 x 8-10.' : 'Strength maintenance: 2-3 x 5 heavy, core.',
    weight: 0,
  };
  const other: SessionKind = {
    label: goal.otherActivity ?? 'other',
    zones: 'RPE 4-6',
    description: `${goal.otherActivity ?? 'Your other activity'} at a comfortable effort.`,
    weight: 0.8,
  };
  let enduranceDays = [...days];
  if (extraSports.includes('lifting')) {
    for (const day of ['Wednesday', 'Friday'] as const) plan.push({ day, sport: 'lifting', session: strength });
    enduranceDays = enduranceDays.filter((day) => day !== 'Wednesday' && day !== 'Friday');
  }
  if (extraSports.includes('other')) {
    const day = enduranceDays.includes('Thursday') ? 'Thursday' : (enduranceDays[0] ?? 'Thursday');
    plan.push({ day, sport: 'other', session: other });
    enduranceDays = enduranceDays.filter((candidate) => candidate !== day);
  }
  // More free days than sessions: Friday rests, so the week ends with the long session and its recovery.
  if (enduranceDays.length > endurance.length) enduranceDays = enduranceDays.filter((day) => day !== 'Friday');
  const chosen = [...endurance]
    .sort((a, b) => byImportance.indexOf(a.label) - byImportance.indexOf(b.label))
    .slice(0, enduranceDays.length);
  const ordered = endurance.filter((session) => chosen.includes(session));
  ordered.forEach((session, index) => {
    const day = enduranceDays[index];
    if (!day) return;
    // With two endurance sports, the shorter sessions alternate to the second one.
    const sport = otherEndurance[0] && session.label !== 'long' && index % 2 === 1 ? otherEndurance[0] : goal.sport;
    plan.push({ day, sport, session });
  });

  const fixedMin = plan.filter((entry) => entry.sport === 'lifting').length * STRENGTH_MIN;
  const flexible = plan.filter((entry) => entry.sport !== 'lifting');
  const totalWeight = flexible.reduce((sum, entry) => sum + entry.session.weight, 0);
  const flexibleMin = Math.max(0, weeklyMin - fixedMin);
  const minutesOf = new Map(flexible.map((entry) => [entry, round5((flexibleMin * entry.session.weight) / (totalWeight || 1))]));
  // Rounding to 5 minutes leaves a few minutes over or short: the heaviest session absorbs them, so the week adds up.
  const heaviest = [...flexible].sort((a, b) => b.session.weight - a.session.weight)[0];
  if (heaviest) {
    const sum = [...minutesOf.values()].reduce((total, minutes) => total + minutes, 0);
    minutesOf.set(heaviest, Math.max(0, (minutesOf.get(heaviest) ?? 0) + flexibleMin - sum));
  }
  const alternative = otherEndurance[0] ? enduranceSessions(phase, otherEndurance[0], null) : null;
  return DAYS_OF_WEEK.map((dayOfWeek) => {
    const entry = plan.find((candidate) => candidate.day === dayOfWeek);
    if (!entry) {
      return { dayOfWeek, activityType: 'Rest', duration: 'Rest', durationMin: 0, zones: '-', description: 'Rest day: no training.', notes: 'Sleep and eat well; this is when you adapt.' };
    }
    const minutes = entry.sport === 'lifting' ? STRENGTH_MIN : (minutesOf.get(entry) ?? 0);
    const session = entry.sport === otherEndurance[0] && alternative ? (alternative[endurance.indexOf(entry.session)] ?? entry.session) : entry.session;
    return {
      dayOfWeek,
      activityType: `${sportName[entry.sport]} - ${session.label}`,
      duration: clockMinutes(minutes),
      durationMin: minutes,
      zones: session.zones,
      description: session.description,
      notes: notesFor(session.label, phase),
      // Only cycling sessions have workout files (the plan's .zwo export); they ride the minutes shown.
      ...(entry.sport === 'cycling' && session.main && minutes > 0 ? { steps: sessionSteps(session.main, minutes, ftpW) } : {}),
    };
  });
}

function notesFor(label: string, phase: PhaseName): string {
  if (label === 'long' || label === 'simulation') return 'Practise fuelling: eat and drink from the first hour.';
  if (label === 'recovery') return 'Keep it truly easy; skip it if you feel run down.';
  if (label === 'strength') return 'Leave two reps in reserve; never to failure.';
  if (phase === 'peak-and-taper') return 'In taper weeks keep the intensity, shorten the session.';
  return 'Warm up 10-15 min and cool down 10 min inside the time shown.';
}

function gapsOf(goal: Goal, facts: AthleteFacts, volume: Volume): PlanGap[] {
  const gaps: { score: number; gap: Omit<PlanGap, 'priority'> }[] = [];
  if (goal.eventMinutes !== null) {
    const ratio = facts.longestSessionMin / goal.eventMinutes;
    gaps.push({
      score: 1 - ratio,
      gap: {
        area: 'Endurance for the distance',
        description: `Your longest session in the last 4 weeks was ${clockMinutes(facts.longestSessionMin)}; at your recent speed the goal takes about ${clockMinutes(goal.eventMinutes)}.`,
        impact: 'The long session grows every load week so the goal distance is familiar before the day.',
      },
    });
  }
  const sportMinutes = facts.minutesBySport[goal.sport === 'cycling' ? 'ride' : 'run'] ?? 0;
  if (facts.weeklyMinutes > 0 && sportMinutes / facts.weeklyMinutes < 0.6) {
    gaps.push({
      score: 0.7 - sportMinutes / facts.weeklyMinutes,
      gap: {
        area: `Specificity of ${goal.sport}`,
        description: `${Math.round((sportMinutes / facts.weeklyMinutes) * 100)}% of your recent training time was ${goal.sport}.`,
        impact: `Most sessions in the plan are ${goal.sport}, so the work transfers to the goal.`,
      },
    });
  }
  gaps.push({
    score: volume.peakMin > 0 ? 1 - volume.currentMin / volume.peakMin : 0,
    gap: {
      area: 'Weekly volume',
      description: `You train ${clockMinutes(volume.currentMin)} a week now; the plan peaks at ${clockMinutes(volume.peakMin)}.`,
      impact: 'Volume rises gradually with a lighter week every fourth week.',
    },
  });
  if (goal.elevationM !== null && goal.distanceKm) {
    const metresPerKm = goal.elevationM / goal.distanceKm;
    gaps.push({
      score: Math.min(0.6, metresPerKm / 25),
      gap: {
        area: 'Climbing',
        description: `The goal climbs ${Math.round(goal.elevationM)} m over ${goal.distanceKm.toFixed(1)} km (${Math.round(metresPerKm)} m per km).`,
        impact: 'Tempo and threshold work goes on hills where you can.',
      },
    });
  }
  if (goal.sport === 'cycling' && !facts.ftp) {
    gaps.push({
      score: 0.3,
      gap: {
        area: 'Power reference',
        description: 'No FTP is known: no power-meter rides of 20 minutes or more, and none was entered.',
        impact: 'Zones are given by heart rate and feel until an FTP test sets them.',
      },
    });
  }
  const priorityOf = (score: number): PlanGap['priority'] => (score >= 0.5 ? 'critical' : score >= 0.3 ? 'high' : score >= 0.1 ? 'medium' : 'low');
  const ranked = gaps.sort((a, b) => b.score - a.score).map(({ score, gap }) => ({ ...gap, priority: priorityOf(score) }));
  if (ranked.length < 2) {
    ranked.push({ area: 'Consistency', priority: 'medium', description: `${facts.weeklySessions} sessions a week on average over the last 4 weeks.`, impact: 'The plan fixes the training days so the week has a rhythm.' });
  }
  return ranked;
}

/** Builds the full generated plan (spec §3) for the goal, from the athlete's facts and the phase math. */
export function generatePlan(input: TrainingPlanInput, facts: AthleteFacts, schedule: PlanSchedule): GeneratorResult {
  const goal = goalOf(input, facts);
  const volume = volumeOf(input, facts);
  const ftpW = goal.sport === 'cycling' ? (parseFtpW(input.ftp) ?? facts.ftp?.watts ?? null) : null;
  const weekly = weeklyTargets(schedule, volume);
  const assumptions = [...volume.assumptions];
  if (goal.sport === 'cycling') {
    if (parseFtpW(input.ftp) !== null) assumptions.push(`Power zones use the FTP you entered: ${ftpW} W.`);
    else if (ftpW !== null) assumptions.push(`Power zones use Kairo's FTP estimate from your rides: ${ftpW} W.`);
  }
  if (goal.eventMinutes === null && goal.distanceKm !== null) assumptions.push(`No recent ${goal.sport} to estimate how long ${goal.distanceKm.toFixed(1)} km takes you.`);
  assumptions.push('Monday is a rest day; move days around as your week needs, keeping the hard days apart.');

  const phaseText: Record<PhaseName, { name: string; objective: string; focus: string }> = {
    base: { name: 'Base', objective: 'Build aerobic capacity and durability.', focus: 'Mostly zone 2 with one tempo session; the long session grows each load week.' },
    build: { name: 'Build', objective: 'Raise threshold and VO2max on top of the aerobic base.', focus: 'Two quality sessions a week, the long session adds goal-effort blocks.' },
    'peak-and-taper': {
      name: 'Peak and taper',
      objective: 'Sharpen for the goal and arrive fresh.',
      focus: `Goal-specific sessions at peak volume, then ${schedule.taperWeeks} taper week${schedule.taperWeeks === 1 ? ' that cuts' : 's that cut'} volume and keep${schedule.taperWeeks === 1 ? 's' : ''} intensity.`,
    },
  };
  const phases: GeneratedPhase[] = schedule.phases.map((phase) => {
    const weeks = weekly[phase.name];
    const typicalMin = Math.max(...weeks.filter((week) => week.kind !== 'recovery' && week.kind !== 'taper').map((week) => week.targetMin), weeks[0]?.targetMin ?? 0);
    return {
      key: phase.name,
      name: phaseText[phase.name].name,
      duration: `${phase.weeks} week${phase.weeks === 1 ? '' : 's'}`,
      objective: phaseText[phase.name].objective,
      weeklyFocus: `${phaseText[phase.name].focus} Weeks: ${weeks.map((week) => `${clockMinutes(week.targetMin)}${week.kind === 'load' || week.kind === 'peak' ? '' : ` (${week.kind})`}`).join(', ')}.`,
      dailySchedule: dailySchedule(phase.name, goal, typicalMin, ftpW),
      weeks,
    };
  });

  const sportWord = goal.sport === 'cycling' ? 'riding' : 'running';
  const volumeText =
    volume.peakMin >= volume.currentMin
      ? `from ${clockMinutes(volume.currentMin)} a week now to ${clockMinutes(volume.peakMin)} at the peak`
      : `within the ${clockMinutes(volume.peakMin)} a week you have (you train ${clockMinutes(volume.currentMin)} now)`;
  const demands = eventDemands(goal);
  const strengths: string[] = [];
  if (facts.weeklySessions >= 3) strengths.push(`Consistent: ${facts.weeklySessions} sessions a week over the last 4 weeks.`);
  if (facts.fitness && facts.fitness.ctl >= 30) strengths.push(`A fitness (CTL) of ${Math.round(facts.fitness.ctl)} today to build on.`);
  if (goal.eventMinutes !== null && facts.longestSessionMin >= goal.eventMinutes * 0.6) strengths.push(`Your longest recent session (${clockMinutes(facts.longestSessionMin)}) already covers most of the goal's duration.`);
  if (facts.ftp) strengths.push(`A known FTP of ${facts.ftp.watts} W to pace by.`);
  if (strengths.length === 0) strengths.push(`${facts.activityCount} recent activities recorded: a clear starting point to build from.`);
  const gapList = gapsOf(goal, facts, volume);
  const [primaryGap, secondaryGap, tertiaryGap] = gapList as [PlanGap, PlanGap, PlanGap | undefined];

  const progressChecks: GeneratedPlan['progressChecks'] = [
    goal.sport === 'cycling'
      ? {
          name: 'FTP test',
          timing: `End of the base phase (${schedule.phases[0]?.endDate ?? ''})`,
          protocol: 'After a 20 min warm-up, ride 20 min as hard as you can hold evenly; FTP is 95% of the average power.',
          successCriteria: ftpW ? `FTP at or above ${ftpW} W.` : 'A steady 20 minutes you could not have held harder.',
          adjustmentTriggers: 'FTP down, or the test felt much harder than expected: repeat the last base week before the build.',
        }
      : {
          name: '5 km time trial',
          timing: `End of the base phase (${schedule.phases[0]?.endDate ?? ''})`,
          protocol: 'After a 15 min warm-up, run 5 km as evenly and as fast as you can on a flat route.',
          successCriteria: 'Even or negative splits, and a time to set the build paces from.',
          adjustmentTriggers: 'Splits fading by more than 5%: add a week of steady zone 2 and threshold before the build.',
        },
    {
      name: 'Long-session check',
      timing: `Middle of the build phase (${schedule.phases[1]?.startDate ?? ''} onwards)`,
      protocol: `The week's long ${goal.sport === 'cycling' ? 'ride' : 'run'}, with fuelling as planned for the day.`,
      successCriteria: 'Heart rate drifts less than 5% at the same output over the last hour; fuelling sits well.',
      adjustmentTriggers: 'Drift above 5% or fading: keep the long session at this length for another load week.',
    },
    {
      name: 'Readiness check',
      timing: `Start of the peak-and-taper phase (${schedule.phases[2]?.startDate ?? ''})`,
      protocol: 'Each morning: resting heart rate, sleep and how your legs feel, 1 to 5.',
      successCriteria: 'Resting heart rate within 5 bpm of your usual; legs 3 or better most days.',
      adjustmentTriggers: 'Three poor mornings in a row: replace the next quality session with an easy one.',
    },
  ];

  const generatedPlan: GeneratedPlan = {
    motivationalMessage:
      `${goal.title}: ${schedule.totalWeeks} weeks of structured ${sportWord}, ${volumeText}. ` +
      'Each week builds on the last; trust the easy days as much as the hard ones.',
    eventDemands: demands,
    currentState: { strengths, gaps: gapList.map((gap) => gap.description) },
    gapAnalysis: { primaryGap, secondaryGap, ...(tertiaryGap ? { tertiaryGap } : {}) },
    trainingPlan: {
      overview: {
        totalWeeks: schedule.totalWeeks,
        weeklyVolume: { current: `${clockMinutes(volume.currentMin)} per week`, peak: `${clockMinutes(volume.peakMin)} per week` },
      },
      phases,
    },
    progressChecks,
    assumptions,
  };
  const [base, build, peak] = schedule.phases;
  const planSummary =
    `${schedule.totalWeeks}-week plan for ${goal.title}: base ${base?.weeks ?? 0} weeks, build ${build?.weeks ?? 0}, peak and taper ${peak?.weeks ?? 0}. ` +
    `Weekly volume ${volumeText}; first priority: ${primaryGap.area.toLowerCase()}.`;
  return { generatedPlan, planSummary };
}

function eventDemands(goal: Goal): GeneratedPlan['eventDemands'] {
  const keyPhysicalDemands: string[] = [];
  const systems = ['Aerobic endurance'];
  const success = ['Consistent training week after week', 'Pacing: start below the effort you can hold'];
  if (goal.distanceKm !== null) keyPhysicalDemands.push(`${goal.distanceKm.toFixed(1)} km of ${goal.sport}.`);
  if (goal.eventMinutes !== null) keyPhysicalDemands.push(`About ${clockMinutes(goal.eventMinutes)} of continuous effort at your recent average speed.`);
  if (goal.elevationM !== null) {
    keyPhysicalDemands.push(`${Math.round(goal.elevationM)} m of climbing.`);
    systems.push('Muscular endurance for climbing');
  }
  if (goal.targetText) {
    keyPhysicalDemands.push(`Target: ${goal.targetText}.`);
    systems.push('Lactate threshold');
  }
  if (goal.eventMinutes !== null && goal.eventMinutes < 60) systems.push('VO2max');
  if (goal.eventMinutes !== null && goal.eventMinutes >= 90) success.push('Fuelling: carbohydrate every hour from the start');
  if (goal.sports.includes('lifting')) systems.push('Strength');
  if (keyPhysicalDemands.length === 0) keyPhysicalDemands.push(`Regular ${goal.sports.map((sport) => sportName[sport].toLowerCase()).join(', ')} across the week.`);
  return { keyPhysicalDemands, primarySystemsTargeted: systems, successFactors: success };
}
