import {
  parseSelectedActivities,
  type GeneratedPhase,
  type GeneratedPlan,
  type PlanGap,
  type TrainingPlanInput,
} from '../../../shared/api/training-plans.ts';
import { WEEKDAYS, type PhaseName, type PlanSchedule } from '../../../shared/domain/plan-phases.ts';
import type { SportFamily } from '../../../metrics/training-load.ts';
import { athleteText, type MeasureWriter } from '../../../shared/domain/unit-tokens.ts';
import type { AthleteFacts } from './athlete-facts.ts';
import { readDayNotes } from './day-notes.ts';
import { eventTime } from './event-time.ts';
import { minutesInWords, parseDistanceKm, parseElevationM, parseFtpW } from './goal-inputs.ts';
import { raceWeek } from './race-week.ts';
import { progressChecks } from './checks.ts';
import { runSpeedPct } from './device-files.ts';
import { dailySchedule, enduranceSessions, LONG_SESSION_MAX_SHARE, LONG_SESSION_OWN_MAX_SHARE, sportName, type EnduranceSport, type RunPaceText, type Sport } from './sessions.ts';
import { PEAK_GROWTH, volumeOf, weeklyTargets, type Volume } from './volume.ts';
import { weekDays } from './week-days.ts';

export { parseDistanceKm, parseElevationM, parseFtpW, parseWeeklyMinutes } from './goal-inputs.ts';

/**
 * Kairo's built-in plan generator: deterministic, from the athlete's facts and goal only. Numbers
 * in the plan are the athlete's (volume, longest session, FTP, speeds) in the plan's own sport,
 * what they typed (distance, weekly time, days), or follow from a rule named in `assumptions`
 * (the ramp, the long-session share, the time model): ADR 0029. Its measures are written by a
 * MeasureWriter: unit-free tokens for a stored plan, rendered in the reader's units (ADR 0073),
 * and its durations by the one formatting module (shared/format.ts).
 */

export interface Goal {
  title: string;
  /** The main endurance sport. */
  sport: EnduranceSport;
  sports: Sport[];
  /** The sport families whose recent history the plan builds on (its volume). */
  families: SportFamily[];
  /** The families of the goal itself: its longest sessions and its specificity are read from them. */
  ownFamilies: SportFamily[];
  /** A race plan's athlete's other endurance sport: kept for the easy sessions, or left out, and its share of their time. */
  otherSport: { sport: EnduranceSport; share: number; kept: boolean } | null;
  otherActivity: string | null;
  general: boolean;
  distanceKm: number | null;
  elevationM: number | null;
  /** Estimated event duration at the athlete's recent speed, climbing included. */
  eventMinutes: number | null;
  eventModel: string | null;
  targetText: string | null;
}

export interface GeneratorResult {
  generatedPlan: GeneratedPlan;
  planSummary: string;
}

const familyOf: Record<EnduranceSport, SportFamily> = { cycling: 'ride', running: 'run' };
/** From this share of the athlete's recent time, a race plan keeps their other endurance sport (ADR 0069). */
export const KEEP_OTHER_SPORT_SHARE = 0.2;

function goalOf(input: TrainingPlanInput, facts: AthleteFacts, ftpW: number | null, write: MeasureWriter): Goal {
  const sport = input.eventType ?? 'cycling';
  if (input.preparationType === 'general-fitness') {
    const options = parseSelectedActivities(input.selectedActivities) ?? [];
    const sports = options.map((option) => option.toLowerCase() as Sport);
    const main = sports.includes('running') && !sports.includes('cycling') ? 'running' : 'cycling';
    const families: SportFamily[] = [];
    if (sports.includes('cycling')) families.push('ride');
    if (sports.includes('running')) families.push('run');
    if (sports.includes('lifting')) families.push('workout');
    if (sports.includes('other')) families.push('other', 'hike');
    return {
      title: input.planName?.trim() || 'General fitness',
      sport: main,
      sports,
      families,
      ownFamilies: families,
      otherSport: null,
      otherActivity: input.otherActivity?.trim() || null,
      general: true,
      distanceKm: null,
      elevationM: null,
      eventMinutes: null,
      eventModel: null,
      targetText: null,
    };
  }
  const isEvent = input.preparationType === 'event';
  const distanceKm = parseDistanceKm(isEvent ? input.eventDistance : input.prDistance);
  const elevationM = parseElevationM(isEvent ? input.eventElevation : input.prElevation);
  const speed = facts.averageSpeedMps[familyOf[sport] as 'ride' | 'run'];
  const estimate = distanceKm !== null && speed ? eventTime(sport, distanceKm, elevationM, speed, sport === 'cycling' ? ftpW : null, write) : null;
  // The athlete's other endurance sport stays for the easy sessions when it is a real part of their week (ADR 0069).
  const other: EnduranceSport = sport === 'cycling' ? 'running' : 'cycling';
  const allMinutes = sum(Object.values(facts.minutesBySport));
  const otherShare = allMinutes > 0 ? (facts.minutesBySport[familyOf[other]] ?? 0) / allMinutes : 0;
  const kept = otherShare >= KEEP_OTHER_SPORT_SHARE;
  return {
    title: (isEvent ? input.eventName : input.prGoal)?.trim() || 'Your goal',
    sport,
    sports: kept ? [sport, other] : [sport],
    families: kept ? [familyOf[sport], familyOf[other]] : [familyOf[sport]],
    ownFamilies: [familyOf[sport]],
    otherSport: otherShare > 0 ? { sport: other, share: otherShare, kept } : null,
    otherActivity: null,
    general: false,
    distanceKm,
    elevationM,
    eventMinutes: estimate?.minutes ?? null,
    eventModel: estimate?.model ?? null,
    targetText: isEvent ? (input.completionGoal === 'time' ? input.targetTime?.trim() || null : null) : input.targetPr?.trim() || null,
  };
}

const familyWords: Record<SportFamily, string> = { ride: 'riding', run: 'running', hike: 'hiking', workout: 'strength work', other: 'other activities' };
const sportWordsOf = (goal: Goal) => goal.families.map((family) => familyWords[family]).join(', ');
const sum = (values: (number | undefined)[]) => values.reduce<number>((total, value) => total + (value ?? 0), 0);

function gapsOf(goal: Goal, facts: AthleteFacts, volume: Volume, write: MeasureWriter): PlanGap[] {
  const gaps: { score: number; gap: Omit<PlanGap, 'priority'> }[] = [];
  const longestInSport = Math.max(0, ...goal.ownFamilies.map((family) => facts.longestMinBySport[family] ?? 0));
  const noun = goal.sport === 'cycling' ? 'ride' : 'run';
  if (goal.eventMinutes !== null) {
    gaps.push({
      score: 1 - longestInSport / goal.eventMinutes,
      gap: {
        area: 'Endurance for the distance',
        description: `Your longest ${noun} in the last 4 weeks was ${longestInSport > 0 ? minutesInWords(longestInSport) : 'none'}; at your recent speed the goal takes about ${minutesInWords(goal.eventMinutes)}.`,
        impact: 'The long session grows with the weekly volume, within its share of the week.',
      },
    });
  }
  const sportMinutes = sum(goal.ownFamilies.map((family) => facts.minutesBySport[family]));
  if (!goal.general && facts.weeklyMinutes > 0 && sportMinutes / 4 / facts.weeklyMinutes < 0.6) {
    const share = sportMinutes / 4 / facts.weeklyMinutes;
    gaps.push({
      score: 0.7 - share,
      gap: {
        area: `Specificity of ${goal.sport}`,
        description: `${Math.round(share * 100)}% of your recent training time was ${goal.sport}.`,
        impact: goal.otherSport?.kept
          ? `The quality sessions and the long session are ${goal.sport}, so the work transfers to the goal; ${goal.otherSport.sport} keeps the easy ones.`
          : `Most sessions in the plan are ${goal.sport}, so the work transfers to the goal.`,
      },
    });
  }
  gaps.push({
    score: volume.peakMin > 0 ? 1 - volume.recentMin / volume.peakMin : 0,
    gap: {
      area: 'Weekly volume',
      description: `You do ${minutesInWords(volume.recentMin)} a week of ${sportWordsOf(goal)} now; the plan builds to ${minutesInWords(volume.peakMin)}.`,
      impact: 'Volume rises at most 10% a week, with a lighter week every fourth week.',
    },
  });
  if (goal.elevationM !== null && goal.distanceKm) {
    const metresPerKm = goal.elevationM / goal.distanceKm;
    gaps.push({
      score: Math.min(0.6, metresPerKm / 25),
      gap: {
        area: 'Climbing',
        description: `The goal climbs ${write.elevation(goal.elevationM)} over ${write.distance(goal.distanceKm * 1000)} (${write.climbRate(metresPerKm)}).`,
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

function strengthsOf(goal: Goal, facts: AthleteFacts, ftpW: number | null): string[] {
  const strengths: string[] = [];
  if (facts.weeklySessions >= 3) strengths.push(`Consistent: ${facts.weeklySessions} sessions a week over the last 4 weeks.`);
  if (facts.fitness && facts.fitness.ctl >= 30) strengths.push(`A fitness (CTL) of ${Math.round(facts.fitness.ctl)} today to build on.`);
  const longest = Math.max(0, ...goal.ownFamilies.map((family) => facts.longestMinBySport[family] ?? 0));
  if (goal.eventMinutes !== null && longest >= goal.eventMinutes * 0.6) {
    strengths.push(`Your longest recent ${goal.sport === 'cycling' ? 'ride' : 'run'} (${minutesInWords(longest)}) already covers most of the goal's duration.`);
  }
  // Power only speaks to cycling: a running plan paces by heart rate and pace.
  if (goal.sports.includes('cycling') && ftpW !== null) strengths.push(`A known FTP of ${ftpW} W to pace by.`);
  if (strengths.length === 0) strengths.push(`${facts.activityCount} recent activities recorded: a clear starting point to build from.`);
  return strengths;
}

const RACE_PHASE_TEXT = (taperWeeks: number, target: string | null): Record<PhaseName, { name: string; objective: string; focus: string }> => ({
  base: { name: 'Base', objective: 'Build aerobic capacity and durability.', focus: 'Mostly zone 2 with one tempo session; the long session grows with the week.' },
  build: { name: 'Build', objective: 'Raise threshold and VO2max on top of the aerobic base.', focus: 'Two quality sessions a week, the long session adds goal-effort blocks.' },
  'peak-and-taper': {
    name: 'Peak and taper',
    objective: 'Sharpen for the goal and arrive fresh.',
    focus:
      `Goal-specific sessions at peak volume, then ${taperWeeks} taper week${taperWeeks === 1 ? ' that cuts' : 's that cut'} volume and keep${taperWeeks === 1 ? 's' : ''} intensity` +
      (target ? `; the last is the race week, ending with the day itself on ${target}.` : '.'),
  },
});
const GENERAL_PHASE_TEXT: Record<PhaseName, { name: string; objective: string; focus: string }> = {
  base: { name: 'Foundation', objective: 'Build the habit and an aerobic base.', focus: 'Mostly easy aerobic sessions with one tempo session; the long session grows with the week.' },
  build: { name: 'Development', objective: 'Add quality on top of the base.', focus: 'Threshold and VO2max work once a week each, the rest steady.' },
  'peak-and-taper': { name: 'Consolidation', objective: 'Keep building and make the routine your own.', focus: 'Tempo and threshold alternate; a lighter week every fourth week.' },
};

/** Builds the full generated plan (spec §3) for the goal, from the athlete's facts and the phase math. */
export function generatePlan(typed: TrainingPlanInput, facts: AthleteFacts, schedule: PlanSchedule, targetDay: Date | null, write: MeasureWriter): GeneratorResult {
  // What the athlete typed is written into the plan as it is, but can never be read as a measure's token.
  const input = Object.fromEntries(Object.entries(typed).map(([key, value]) => [key, typeof value === 'string' ? athleteText(value) : value])) as TrainingPlanInput;
  const typedFtp = parseFtpW(input.ftp);
  const goal = goalOf(input, facts, typedFtp ?? facts.ftp?.watts ?? null, write);
  const recentMin = sum(goal.families.map((family) => facts.minutesBySport[family])) / 4;
  const volume = volumeOf(input.weeklyTrainingTime, recentMin, sportWordsOf(goal));
  const cycling = goal.sports.includes('cycling');
  const ftpW = cycling ? (typedFtp ?? facts.ftp?.watts ?? null) : null;
  const weekly = weeklyTargets(schedule, volume, goal.general);
  const notes = readDayNotes(input.additionalDetails);
  const days = weekDays(volume.peakMin, notes, goal.sports.includes('lifting'));
  const assumptions = [calendarText(schedule, targetDay, goal, input.preparationType), ...volume.assumptions];
  const recentLongMin = Math.max(0, ...goal.ownFamilies.map((family) => facts.longestMinBySport[family] ?? 0));
  assumptions.push(
    `The long session is at most ${Math.round(LONG_SESSION_MAX_SHARE * 100)}% of the week's time` +
      (recentLongMin > 0
        ? ` and ${minutesInWords(recentLongMin * PEAK_GROWTH)} (your longest ${goal.sport === 'cycling' ? 'ride' : 'run'} of the last 4 weeks, ${minutesInWords(recentLongMin)}, grown as the volume may); it starts from that ${goal.sport === 'cycling' ? 'ride' : 'run'} when it is longer, up to ${Math.round(LONG_SESSION_OWN_MAX_SHARE * 100)}% of the week.`
        : '.'),
  );
  const crossTrainingMaxMin = goal.otherSport?.kept ? (facts.longestMinBySport[familyOf[goal.otherSport.sport]] ?? null) : null;
  if (goal.otherSport) assumptions.push(otherSportText(goal.otherSport, goal.sport, crossTrainingMaxMin));
  const runs = goal.sports.includes('running');
  const runPace = runs && facts.thresholdPaceSPerKm !== null ? runPaceText(facts.thresholdPaceSPerKm, write) : null;
  if (runs && facts.thresholdPaceSPerKm !== null) {
    assumptions.push(`Run paces come from your threshold pace, ${write.pace(facts.thresholdPaceSPerKm)} (Friel's pace zones); heart rate is the check on the day.`);
  } else if (runs) assumptions.push('No threshold pace is known: runs are given by heart-rate zone and feel until a time trial or your settings give one.');
  if (cycling) {
    if (typedFtp !== null) assumptions.push(`Power zones use the FTP you entered: ${ftpW} W.`);
    else if (ftpW !== null) assumptions.push(`Power zones use Kairo's FTP estimate from your rides: ${ftpW} W.`);
  }
  if (goal.eventModel) assumptions.push(`Time for the goal: ${goal.eventModel}`);
  else if (goal.distanceKm !== null) assumptions.push(`No recent ${goal.sport} to estimate how long ${write.distance(goal.distanceKm * 1000)} takes you.`);
  if (days.honoured.length > 0) assumptions.push(`From your notes: ${days.honoured.join('; ')}.`);
  for (const note of days.notHonoured) assumptions.push(`Not honoured: ${note}`);
  if (notes.unread.length > 0) {
    assumptions.push(`Not built into the sessions (the built-in generator reads training days from your notes, nothing else): ${notes.unread.map((text) => `"${text}"`).join(', ')}. Adjust the sessions with them in mind.`);
  }
  if (days.honoured.length === 0 && days.notHonoured.length === 0) assumptions.push('Rest days are where the week has room; move days around as your week needs, keeping the hard days apart.');

  const targetIso = !goal.general && targetDay ? targetDay.toISOString().slice(0, 10) : null;
  const text = goal.general ? GENERAL_PHASE_TEXT : RACE_PHASE_TEXT(schedule.taperWeeks, targetIso);
  const phases: GeneratedPhase[] = schedule.phases.map((phase) => {
    const weeks = weekly[phase.name];
    const typicalMin = Math.max(...weeks.filter((week) => week.kind === 'load' || week.kind === 'peak').map((week) => week.targetMin), weeks[0]?.targetMin ?? 0);
    const firstWeekMin = weeks.find((week) => week.kind === 'load' || week.kind === 'peak')?.targetMin ?? typicalMin;
    const athlete = { ftpW, runPace, recentLongMin: recentLongMin > 0 ? recentLongMin : null, firstWeekShare: typicalMin > 0 ? firstWeekMin / typicalMin : 1, crossTrainingMaxMin };
    return {
      key: phase.name,
      name: text[phase.name].name,
      duration: `${phase.weeks} week${phase.weeks === 1 ? '' : 's'}`,
      objective: text[phase.name].objective,
      weeklyFocus: `${text[phase.name].focus} Weeks: ${weeks.map((week) => `${minutesInWords(week.targetMin)}${week.kind === 'load' || week.kind === 'peak' ? '' : ` (${week.kind})`}`).join(', ')}.`,
      dailySchedule: dailySchedule(phase.name, goal, typicalMin, athlete, days),
      weeks,
    };
  });
  const steadyZones = enduranceSessions('peak-and-taper', goal.sport, ftpW, goal.general, runPace).find((session) => session.label === 'endurance')?.zones ?? 'Z2';
  const race = !goal.general && targetDay ? raceWeek({ schedule, phases, targetDay, goal, preparationType: input.preparationType, restDays: notes.restDays, write, steadyZones }) : null;
  if (!goal.general && targetDay && !race) {
    assumptions.push(`The plan's ${schedule.totalWeeks} weeks as you asked end on ${schedule.phases.at(-1)?.endDate}, not in the week of ${targetDay.toISOString().slice(0, 10)}: it has no race week.`);
  }

  const sportWord = goal.general ? 'training' : goal.sport === 'cycling' ? 'riding' : 'running';
  const volumeText =
    volume.peakMin >= volume.startMin
      ? `from ${minutesInWords(volume.startMin)} a week to ${minutesInWords(volume.peakMin)} at most`
      : `within the ${minutesInWords(volume.peakMin)} a week you have`;
  const gapList = gapsOf(goal, facts, volume, write);
  const [primaryGap, secondaryGap, tertiaryGap] = gapList as [PlanGap, PlanGap, PlanGap | undefined];

  const generatedPlan: GeneratedPlan = {
    motivationalMessage:
      `${goal.title}: ${schedule.totalWeeks} weeks of structured ${sportWord}, ${volumeText}. ` +
      'Each week builds on the last; trust the easy days as much as the hard ones.',
    eventDemands: eventDemands(goal, write),
    currentState: { strengths: strengthsOf(goal, facts, ftpW), gaps: gapList.map((gap) => gap.description) },
    gapAnalysis: { primaryGap, secondaryGap, ...(tertiaryGap ? { tertiaryGap } : {}) },
    trainingPlan: {
      overview: {
        totalWeeks: schedule.totalWeeks,
        weeklyVolume: { current: `${minutesInWords(volume.recentMin)} per week`, peak: `${minutesInWords(volume.peakMin)} per week` },
        ...(schedule.weekStartsOn ? { weekStartsOn: schedule.weekStartsOn } : {}),
      },
      phases,
      ...(race ? { raceWeek: race } : {}),
    },
    progressChecks: [],
    assumptions,
    // A plan in tokens is read in the reader's units; one written in a unit system says which (ADR 0073).
    ...(write.units ? { units: write.units } : { unitTokens: true as const }),
  };
  // The checks are placed on the calendar the plan itself lays out (ADR 0069).
  generatedPlan.progressChecks = progressChecks(generatedPlan, schedule, {
    sport: goal.sport,
    general: goal.general,
    ftpW,
    thresholdPaceSPerKm: facts.thresholdPaceSPerKm,
    runSpeedMps: facts.averageSpeedMps.run ?? null,
    write,
  });
  const [base, build, third] = schedule.phases;
  const planSummary =
    `${schedule.totalWeeks}-week plan for ${goal.title}: ${text.base.name.toLowerCase()} ${base?.weeks ?? 0} weeks, ${text.build.name.toLowerCase()} ${build?.weeks ?? 0}, ${text['peak-and-taper'].name.toLowerCase()} ${third?.weeks ?? 0}. ` +
    `Weekly volume ${volumeText}; first priority: ${primaryGap.area.toLowerCase()}.`;
  return { generatedPlan, planSummary };
}

const weekdayOf = (iso: string) => WEEKDAYS[(new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7]!;

/**
 * How the plan's weeks sit on the athlete's calendar, from the schedule itself (ADR 0069): the
 * weeks as counted, the first day, and the last: the event, or the end of the last week.
 */
function calendarText(schedule: PlanSchedule, targetDay: Date | null, goal: Goal, preparationType: TrainingPlanInput['preparationType']): string {
  const first = schedule.phases[0];
  const last = schedule.phases.at(-1);
  if (!first || !last) return `${schedule.totalWeeks} weeks.`;
  const weeks = `${schedule.totalWeeks} week${schedule.totalWeeks === 1 ? '' : 's'}`;
  const target = !goal.general && targetDay ? targetDay.toISOString().slice(0, 10) : null;
  const ending = target === last.endDate ? `the last ends with the ${preparationType === 'pr' ? 'PR attempt' : 'event'} on ${weekdayOf(target)} ${target}; nothing is planned after it` : `the last ends on ${weekdayOf(last.endDate)} ${last.endDate}`;
  if (!schedule.weekStartsOn) return `The plan's ${weeks} run seven days each from ${weekdayOf(first.startDate)} ${first.startDate}; ${ending}.`;
  const weekEnd = WEEKDAYS[(WEEKDAYS.indexOf(schedule.weekStartsOn) + 6) % 7]!;
  // Days of the first week in the plan: from its first day to the week's end.
  const firstWeekDays = 7 - ((WEEKDAYS.indexOf(weekdayOf(first.startDate)) - WEEKDAYS.indexOf(schedule.weekStartsOn) + 7) % 7);
  const partial = firstWeekDays < 7 ? ` (${firstWeekDays === 1 ? 'that day alone' : `its last ${firstWeekDays} days`})` : '';
  return `The plan's ${weeks} are calendar weeks, ${schedule.weekStartsOn} to ${weekEnd}: the first from ${weekdayOf(first.startDate)} ${first.startDate}${partial}, ${ending}.`;
}

const sportWord: Record<EnduranceSport, { doing: string; verb: string }> = { cycling: { doing: 'riding', verb: 'ride' }, running: { doing: 'running', verb: 'run' } };

/** What the plan does with the athlete's other endurance sport, and why (ADR 0069). */
function otherSportText(other: NonNullable<Goal['otherSport']>, sport: EnduranceSport, maxMin: number | null): string {
  const share = `${Math.round(other.share * 100)}%`;
  if (other.kept) {
    const held = maxMin ? `, none longer than your longest recent ${sportWord[other.sport].verb} (${minutesInWords(Math.max(5, Math.floor(maxMin / 5) * 5))})` : '';
    return `${share} of your recent training time was ${sportWord[other.sport].doing}: the plan keeps it for the steady and recovery sessions${held}, so your week stays yours; the quality sessions and the long session are ${sportWord[sport].doing}, the work the goal needs.`;
  }
  return `${share} of your recent training time was ${sportWord[other.sport].doing}: below ${Math.round(KEEP_OTHER_SPORT_SHARE * 100)}%, so the plan leaves it out and gives its time to ${sportWord[sport].doing}; ${sportWord[other.sport].verb} easy on a training day instead of a steady session if you want to keep it.`;
}

/** A run's paces for a range of effort (% FTP, as the plan prescribes), from the threshold pace by Friel's pace zones, fastest first. */
function runPaceText(thresholdPaceSPerKm: number, write: MeasureWriter): RunPaceText {
  return ([low, high]) => {
    const speed = runSpeedPct({ low, high });
    return write.paceRange((thresholdPaceSPerKm * 100) / speed.high, (thresholdPaceSPerKm * 100) / speed.low);
  };
}

function eventDemands(goal: Goal, write: MeasureWriter): GeneratedPlan['eventDemands'] {
  const keyPhysicalDemands: string[] = [];
  const systems = ['Aerobic endurance'];
  const success = ['Consistent training week after week'];
  if (!goal.general) success.push('Pacing: start below the effort you can hold');
  if (goal.distanceKm !== null) keyPhysicalDemands.push(`${write.distance(goal.distanceKm * 1000)} of ${goal.sport}.`);
  if (goal.eventMinutes !== null) {
    keyPhysicalDemands.push(`About ${minutesInWords(goal.eventMinutes)} of continuous effort at your recent speed${goal.elevationM ? ', climbing included' : ''}.`);
  }
  if (goal.elevationM !== null) {
    keyPhysicalDemands.push(`${write.elevation(goal.elevationM)} of climbing.`);
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
