import {
  parseSelectedActivities,
  type GeneratedPhase,
  type GeneratedPlan,
  type PlanGap,
  type TrainingPlanInput,
} from '../../../shared/api/training-plans.ts';
import type { PhaseName, PlanSchedule } from '../../../shared/domain/plan-phases.ts';
import type { SportFamily } from '../../../metrics/training-load.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { formatDistance, formatElevation, measureText, METRES_PER_MILE } from '../../../shared/format.ts';
import type { AthleteFacts } from './athlete-facts.ts';
import { readDayNotes } from './day-notes.ts';
import { eventTime } from './event-time.ts';
import { minutesInWords, parseDistanceKm, parseElevationM, parseFtpW } from './goal-inputs.ts';
import { raceWeek } from './race-week.ts';
import { dailySchedule, LONG_SESSION_MAX_SHARE, sportName, type EnduranceSport, type Sport } from './sessions.ts';
import { volumeOf, weeklyTargets, type Volume } from './volume.ts';
import { weekDays } from './week-days.ts';

export { parseDistanceKm, parseElevationM, parseFtpW, parseWeeklyMinutes } from './goal-inputs.ts';

/**
 * Kairo's built-in plan generator: deterministic, from the athlete's facts and goal only. Numbers
 * in the plan are the athlete's (volume, longest session, FTP, speeds) in the plan's own sport,
 * what they typed (distance, weekly time, days), or follow from a rule named in `assumptions`
 * (the ramp, the long-session share, the time model): ADR 0029. The text is written in the
 * athlete's units and with the one formatting module's durations (shared/format.ts).
 */

export interface Goal {
  title: string;
  /** The main endurance sport. */
  sport: EnduranceSport;
  sports: Sport[];
  /** The sport families whose recent history the plan builds on. */
  families: SportFamily[];
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

const distanceText = (km: number, units: UnitSystem) => measureText(formatDistance(km * 1000, units));
const elevationText = (metres: number, units: UnitSystem) => measureText(formatElevation(metres, units));

function goalOf(input: TrainingPlanInput, facts: AthleteFacts, ftpW: number | null, units: UnitSystem): Goal {
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
  const estimate = distanceKm !== null && speed ? eventTime(sport, distanceKm, elevationM, speed, sport === 'cycling' ? ftpW : null, units) : null;
  return {
    title: (isEvent ? input.eventName : input.prGoal)?.trim() || 'Your goal',
    sport,
    sports: [sport],
    families: [familyOf[sport]],
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

function gapsOf(goal: Goal, facts: AthleteFacts, volume: Volume, units: UnitSystem): PlanGap[] {
  const gaps: { score: number; gap: Omit<PlanGap, 'priority'> }[] = [];
  const longestInSport = Math.max(0, ...goal.families.map((family) => facts.longestMinBySport[family] ?? 0));
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
  const sportMinutes = sum(goal.families.map((family) => facts.minutesBySport[family]));
  if (!goal.general && facts.weeklyMinutes > 0 && sportMinutes / 4 / facts.weeklyMinutes < 0.6) {
    const share = sportMinutes / 4 / facts.weeklyMinutes;
    gaps.push({
      score: 0.7 - share,
      gap: {
        area: `Specificity of ${goal.sport}`,
        description: `${Math.round(share * 100)}% of your recent training time was ${goal.sport}.`,
        impact: `Most sessions in the plan are ${goal.sport}, so the work transfers to the goal.`,
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
    // The climbing rate in the athlete's units: metres per km, or feet per mile.
    const rate = units === 'imperial' ? `${elevationText((metresPerKm * METRES_PER_MILE) / 1000, units)} per mi` : `${elevationText(metresPerKm, units)} per km`;
    gaps.push({
      score: Math.min(0.6, metresPerKm / 25),
      gap: {
        area: 'Climbing',
        description: `The goal climbs ${elevationText(goal.elevationM, units)} over ${distanceText(goal.distanceKm, units)} (${rate}).`,
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
  const longest = Math.max(0, ...goal.families.map((family) => facts.longestMinBySport[family] ?? 0));
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
export function generatePlan(input: TrainingPlanInput, facts: AthleteFacts, schedule: PlanSchedule, targetDay: Date | null, units: UnitSystem): GeneratorResult {
  const typedFtp = parseFtpW(input.ftp);
  const goal = goalOf(input, facts, typedFtp ?? facts.ftp?.watts ?? null, units);
  const recentMin = sum(goal.families.map((family) => facts.minutesBySport[family])) / 4;
  const volume = volumeOf(input.weeklyTrainingTime, recentMin, sportWordsOf(goal));
  const cycling = goal.sports.includes('cycling');
  const ftpW = cycling ? (typedFtp ?? facts.ftp?.watts ?? null) : null;
  const weekly = weeklyTargets(schedule, volume, goal.general);
  const notes = readDayNotes(input.additionalDetails);
  const days = weekDays(volume.peakMin, notes, goal.sports.includes('lifting'));
  const assumptions = [...volume.assumptions];
  assumptions.push(`The long session is at most ${Math.round(LONG_SESSION_MAX_SHARE * 100)}% of the week's time.`);
  if (cycling) {
    if (typedFtp !== null) assumptions.push(`Power zones use the FTP you entered: ${ftpW} W.`);
    else if (ftpW !== null) assumptions.push(`Power zones use Kairo's FTP estimate from your rides: ${ftpW} W.`);
  }
  if (goal.eventModel) assumptions.push(`Time for the goal: ${goal.eventModel}`);
  else if (goal.distanceKm !== null) assumptions.push(`No recent ${goal.sport} to estimate how long ${distanceText(goal.distanceKm, units)} takes you.`);
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
    return {
      key: phase.name,
      name: text[phase.name].name,
      duration: `${phase.weeks} week${phase.weeks === 1 ? '' : 's'}`,
      objective: text[phase.name].objective,
      weeklyFocus: `${text[phase.name].focus} Weeks: ${weeks.map((week) => `${minutesInWords(week.targetMin)}${week.kind === 'load' || week.kind === 'peak' ? '' : ` (${week.kind})`}`).join(', ')}.`,
      dailySchedule: dailySchedule(phase.name, goal, typicalMin, ftpW, days),
      weeks,
    };
  });
  const race = !goal.general && targetDay ? raceWeek({ schedule, phases, targetDay, goal, preparationType: input.preparationType, restDays: notes.restDays, units }) : null;
  if (!goal.general && targetDay && !race) {
    assumptions.push(`The plan's ${schedule.totalWeeks} weeks as you asked end on ${schedule.phases.at(-1)?.endDate}, not in the week of ${targetDay.toISOString().slice(0, 10)}: it has no race week.`);
  }

  const sportWord = goal.general ? 'training' : goal.sport === 'cycling' ? 'riding' : 'running';
  const volumeText =
    volume.peakMin >= volume.startMin
      ? `from ${minutesInWords(volume.startMin)} a week to ${minutesInWords(volume.peakMin)} at most`
      : `within the ${minutesInWords(volume.peakMin)} a week you have`;
  const gapList = gapsOf(goal, facts, volume, units);
  const [primaryGap, secondaryGap, tertiaryGap] = gapList as [PlanGap, PlanGap, PlanGap | undefined];

  const generatedPlan: GeneratedPlan = {
    motivationalMessage:
      `${goal.title}: ${schedule.totalWeeks} weeks of structured ${sportWord}, ${volumeText}. ` +
      'Each week builds on the last; trust the easy days as much as the hard ones.',
    eventDemands: eventDemands(goal, units),
    currentState: { strengths: strengthsOf(goal, facts, ftpW), gaps: gapList.map((gap) => gap.description) },
    gapAnalysis: { primaryGap, secondaryGap, ...(tertiaryGap ? { tertiaryGap } : {}) },
    trainingPlan: {
      overview: {
        totalWeeks: schedule.totalWeeks,
        weeklyVolume: { current: `${minutesInWords(volume.recentMin)} per week`, peak: `${minutesInWords(volume.peakMin)} per week` },
      },
      phases,
      ...(race ? { raceWeek: race } : {}),
    },
    progressChecks: progressChecks(goal, schedule, ftpW, units),
    assumptions,
    units,
  };
  const [base, build, third] = schedule.phases;
  const planSummary =
    `${schedule.totalWeeks}-week plan for ${goal.title}: ${text.base.name.toLowerCase()} ${base?.weeks ?? 0} weeks, ${text.build.name.toLowerCase()} ${build?.weeks ?? 0}, ${text['peak-and-taper'].name.toLowerCase()} ${third?.weeks ?? 0}. ` +
    `Weekly volume ${volumeText}; first priority: ${primaryGap.area.toLowerCase()}.`;
  return { generatedPlan, planSummary };
}

/** The run test's distance as the athlete names it: '5 km', or the '5K' race (3.1 mi) in imperial units. */
const fiveKm = (units: UnitSystem) => (units === 'imperial' ? { name: '5K', run: `5K (${distanceText(5, units)})` } : { name: '5 km', run: '5 km' });

function progressChecks(goal: Goal, schedule: PlanSchedule, ftpW: number | null, units: UnitSystem): GeneratedPlan['progressChecks'] {
  const [base, build, third] = schedule.phases;
  const fiveK = fiveKm(units);
  return [
    goal.sport === 'cycling'
      ? {
          name: 'FTP test',
          timing: `End of the ${goal.general ? 'foundation' : 'base'} phase (${base?.endDate ?? ''})`,
          protocol: 'After a 20 min warm-up, ride 20 min as hard as you can hold evenly; FTP is 95% of the average power.',
          successCriteria: ftpW ? `FTP at or above ${ftpW} W.` : 'A steady 20 minutes you could not have held harder.',
          adjustmentTriggers: 'FTP down, or the test felt much harder than expected: repeat the last base week before the build.',
        }
      : {
          name: `${fiveK.name} time trial`,
          timing: `End of the ${goal.general ? 'foundation' : 'base'} phase (${base?.endDate ?? ''})`,
          protocol: `After a 15 min warm-up, run ${fiveK.run} as evenly and as fast as you can on a flat route.`,
          successCriteria: 'Even or negative splits, and a time to set the build paces from.',
          adjustmentTriggers: 'Splits fading by more than 5%: add a week of steady zone 2 and threshold before the build.',
        },
    {
      name: 'Long-session check',
      timing: `Middle of the ${goal.general ? 'development' : 'build'} phase (${build?.startDate ?? ''} onwards)`,
      protocol: `The week's long ${goal.sport === 'cycling' ? 'ride' : 'run'}${goal.general ? ' at a steady effort' : ', with fuelling as planned for the day'}.`,
      successCriteria: 'Heart rate drifts less than 5% at the same output over the last hour; the session feels controlled.',
      adjustmentTriggers: 'Drift above 5% or fading: keep the long session at this length for another load week.',
    },
    {
      name: goal.general ? 'Recovery check' : 'Readiness check',
      timing: `Start of the ${goal.general ? 'consolidation' : 'peak-and-taper'} phase (${third?.startDate ?? ''})`,
      protocol: 'Each morning: resting heart rate, sleep and how your legs feel, 1 to 5.',
      successCriteria: 'Resting heart rate within 5 bpm of your usual; legs 3 or better most days.',
      adjustmentTriggers: 'Three poor mornings in a row: replace the next quality session with an easy one.',
    },
  ];
}

function eventDemands(goal: Goal, units: UnitSystem): GeneratedPlan['eventDemands'] {
  const keyPhysicalDemands: string[] = [];
  const systems = ['Aerobic endurance'];
  const success = ['Consistent training week after week'];
  if (!goal.general) success.push('Pacing: start below the effort you can hold');
  if (goal.distanceKm !== null) keyPhysicalDemands.push(`${distanceText(goal.distanceKm, units)} of ${goal.sport}.`);
  if (goal.eventMinutes !== null) {
    keyPhysicalDemands.push(`About ${minutesInWords(goal.eventMinutes)} of continuous effort at your recent speed${goal.elevationM ? ', climbing included' : ''}.`);
  }
  if (goal.elevationM !== null) {
    keyPhysicalDemands.push(`${elevationText(goal.elevationM, units)} of climbing.`);
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
