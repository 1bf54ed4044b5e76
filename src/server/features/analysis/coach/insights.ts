import type { ActivityFacts, AnalysisContext, ZoneFacts } from '../../facts/index.ts';
import { cycleInsight } from './cycle-week.ts';
import { customFocusInsights } from './focus-insights.ts';
import { intervalInsight } from './interval-insight.ts';
import type { Reading } from './reading.ts';
import { rideDetailInsight } from './ride-detail-insight.ts';
import type { Voice } from './voice.ts';
import { activityNoun, bullets, capitalize, EFFORT_PHRASES, listing, maybe } from './words.ts';

/**
 * Key Insights: what the facts say, most telling first. The athlete's own context (ride detail,
 * custom focus, the week of their load cycle) leads, then what this kind of activity is judged on. The style sets how many
 * insights there are and how they are said.
 */
type Insight = string | null;

export function keyInsights(context: AnalysisContext, reading: Reading, voice: Voice): string {
  const { activity } = context;
  const items = [
    rideDetailInsight(context, reading),
    intervalInsight(context),
    ...customFocusInsights(context, reading, voice),
    cycleInsight(context, reading, voice),
    activity.metricsComputed
      ? null
      : 'Detailed metrics (zones, training load, decoupling) are still being computed; this analysis updates when they are ready.',
    reading.tooShort
      ? `At ${activity.movingTime.text} this is too short to read much into: it looks like a test or a warm-up rather than training.`
      : null,
    ...activityInsights(context, reading, voice),
  ].filter((item): item is string => item !== null);
  return bullets(items.slice(0, voice.insights));
}

function activityInsights(context: AnalysisContext, reading: Reading, voice: Voice): Insight[] {
  const { activity } = context;
  const zones = activity.powerZones ?? activity.hrZones;
  const zonesOrHeartRate = zones ? zoneInsight(zones, voice) : heartRateInsight(activity, reading);
  // An endurance builder's detail insight already judges the drift.
  const durability = context.rideDetail?.type === 'endurance-builder' ? null : durabilityInsight(activity, reading, voice);
  switch (activity.kind) {
    case 'ride_power':
      return [
        powerInsight(activity, reading, voice),
        durability,
        pacingInsight(context, reading),
        zones ? zoneInsight(zones, voice) : null,
        maybe(
          activity.power?.efficiencyFactor,
          (ef) => `Efficiency factor ${ef}: compare it across similar rides; a rising number at the same heart rate is aerobic fitness showing.`,
        ) || null,
        maybe(activity.power?.work, (work) => `Work: ${work}, about as many kilocalories burned, so refuel to match.`) || null,
        loadInsight(activity),
      ];
    case 'ride':
      return [
        heartRateInsight(activity, reading),
        speedInsight(activity, { withClimbing: true }),
        voice.tone === 'gentle' ? null : 'Without a power meter, heart rate is the effort gauge; it lags on short efforts, so judge surges by feel.',
        loadInsight(activity),
      ];
    case 'run':
      return [runPaceInsight(activity), durability, zonesOrHeartRate, bestEffortsInsight(activity), loadInsight(activity)];
    case 'hike':
      return [
        `Time on feet: ${activity.movingTime.text}${maybe(activity.elevationGain, (gain) => ` with ${gain} of climbing`)}, ` +
          'good durability work for long days.',
        zonesOrHeartRate,
        speedInsight(activity, { withClimbing: false }),
        loadInsight(activity),
      ];
    case 'workout':
      return [
        `${capitalize(activityNoun(activity))}: ${activity.movingTime.text}. ` +
          'Strength work makes muscles and tendons more robust, which keeps endurance training going.',
        heartRateInsight(activity, reading),
        loadInsight(activity),
      ];
    case 'other':
      return [
        `${capitalize(activityNoun(activity))}: ${activity.movingTime.text}${maybe(activity.distance, (distance) => ` over ${distance}`)}. ` +
          'All of it counts toward your aerobic base.',
        zonesOrHeartRate,
        loadInsight(activity),
      ];
  }
}

function powerInsight(activity: ActivityFacts, reading: Reading, voice: Voice): Insight {
  const power = activity.power;
  if (!power?.normalized) return null;
  if (power.intensityFactor && power.ftp && reading.effort) {
    const effort = EFFORT_PHRASES[reading.effort];
    if (voice.tone === 'gentle') return `Overall this was ${effort} effort for you (IF ${power.intensityFactor.text}).`;
    const tss = voice.tone === 'precise' ? maybe(power.tss, (value) => ` for ${value} TSS`) : '';
    return (
      `Normalized power ${power.normalized.text} against your estimated FTP of ${power.ftp.text} is IF ${power.intensityFactor.text}` +
      `${tss}: ${effort} session.`
    );
  }
  const normalized = `Normalized power ${power.normalized.text}${maybe(power.average, (average) => ` (average ${average})`)}.`;
  // Without metrics yet, the FTP is not missing, only not looked up.
  if (voice.tone === 'gentle' || !activity.metricsComputed) return normalized;
  return (
    `${normalized} There is no FTP yet: Kairo estimates one from your own best efforts once it has a few weeks of power data, ` +
    'and IF and TSS follow.'
  );
}

function durabilityInsight(activity: ActivityFacts, reading: Reading, voice: Voice): Insight {
  const decoupling = activity.decoupling?.text;
  if (!decoupling || reading.durability === null) return null;
  const against = activity.kind === 'run' ? 'pace' : 'power';
  switch (reading.durability) {
    case 'solid':
      return voice.tone === 'gentle'
        ? `Your heart rate stayed steady relative to your ${against} (decoupling ${decoupling}): a sign of a good aerobic base.`
        : `Aerobic durability: ${decoupling} decoupling of heart rate from ${against}, the mark of a solid aerobic base.`;
    case 'drift':
      return (
        `Heart rate drifted ${decoupling} against ${against}: some fatigue or heat late on. ` +
        'Steadier fuelling and more long, easy work tighten it.'
      );
    case 'large_drift':
      return (
        `Big drift: heart rate decoupled ${decoupling} from ${against}, beyond your current aerobic durability. ` +
        `Start easier or fuel earlier on long ${activityNoun(activity)}s.`
      );
  }
}

function pacingInsight(context: AnalysisContext, reading: Reading): Insight {
  const vi = context.activity.power?.variabilityIndex?.text;
  // Surges are the nature of a group ride or a segment effort, not a pacing fault.
  const surgesExpected = context.rideDetail?.type === 'social-group' || context.rideDetail?.type === 'kom-segment';
  if (!vi || reading.pacing === null || surgesExpected) return null;
  return {
    steady: `Pacing was steady: VI ${vi}, the most economical way to ride.`,
    variable: `Pacing was variable (VI ${vi}): surges cost more than a steady effort at the same average.`,
    surgy: `Very surgy pacing (VI ${vi}): many hard accelerations. Fine for racing or group rides, expensive otherwise.`,
  }[reading.pacing];
}

function zoneInsight(zones: ZoneFacts, voice: Voice): string {
  const main = `${zones.main.zone.text} (${zones.main.name})`;
  if (voice.tone === 'gentle') return `Most of your time was in ${main}, ${zones.main.share.text} of it.`;
  return `Most time in ${main}: ${zones.main.share.text}; ${zones.hardShare.text} at or above threshold.`;
}

function heartRateInsight(activity: ActivityFacts, reading: Reading): Insight {
  const zones = activity.hrZones;
  if (zones && reading.effort) {
    return (
      `Effort by heart rate: ${zones.easyShare.text} of the time in the easy zones and ${zones.hardShare.text} at or above threshold, ` +
      `${EFFORT_PHRASES[reading.effort]} ${activityNoun(activity)}.`
    );
  }
  if (!activity.averageHeartrate) return null;
  return `Heart rate averaged ${activity.averageHeartrate.text}${maybe(activity.maxHeartrate, (max) => ` and peaked at ${max}`)}.`;
}

function speedInsight(activity: ActivityFacts, options: { withClimbing: boolean }): Insight {
  if (!activity.distance || !activity.averageSpeed) return null;
  const climbing = options.withClimbing ? maybe(activity.elevationGain, (gain) => ` with ${gain} of climbing`) : '';
  return `${activity.distance.text} at ${activity.averageSpeed.text}${climbing}.`;
}

/** Grade-adjusted pace this much faster per km than the real one means the climbs cost real time. */
const HILLY_GAP_DIFFERENCE_S_PER_KM = 5;

function runPaceInsight(activity: ActivityFacts): Insight {
  const { averagePace, gradeAdjustedPace } = activity;
  if (!averagePace) return null;
  if (!gradeAdjustedPace) return `Average pace ${averagePace.text}.`;
  return averagePace.value - gradeAdjustedPace.value > HILLY_GAP_DIFFERENCE_S_PER_KM
    ? `Average pace ${averagePace.text}, grade-adjusted ${gradeAdjustedPace.text}: the hills made this harder than the pace suggests.`
    : `Average pace ${averagePace.text} (grade-adjusted ${gradeAdjustedPace.text}): close to a flat-equivalent effort.`;
}

function bestEffortsInsight(activity: ActivityFacts): Insight {
  const longest = activity.bestEfforts.slice(-2);
  if (longest.length === 0) return null;
  return `Best efforts inside this run: ${listing(longest.map((effort) => `${effort.distance.text} in ${effort.time.text}`))}.`;
}

const LOAD_BASIS = {
  power: 'from power',
  heartRate: 'from heart rate',
  pace: 'from pace',
  estimate: 'estimated from duration, as there was no power or usable heart rate',
} as const;

function loadInsight(activity: ActivityFacts): Insight {
  if (!activity.trainingLoad || !activity.trainingLoadMethod) return null;
  return `Training load ${activity.trainingLoad.text}, ${LOAD_BASIS[activity.trainingLoadMethod]}.`;
}
