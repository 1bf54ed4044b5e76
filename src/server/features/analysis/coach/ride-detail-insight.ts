import type { ActivityFacts, AnalysisContext } from '../../facts/index.ts';
import { intervalPacing, intervalSetText } from './interval-insight.ts';
import type { Reading } from './reading.ts';
import { activityNoun, capitalize, EFFORT_PHRASES, maybe, quote } from './words.ts';

/**
 * The insight the athlete's ride detail calls for: a session is judged by its purpose. A recovery
 * spin that ran hot is a problem; a segment effort's spikes are the point; an endurance builder
 * is about aerobic drift; a group ride's surges come with the group; a custom note is quoted back.
 */
export function rideDetailInsight(context: AnalysisContext, reading: Reading): string | null {
  const { activity, rideDetail } = context;
  if (!rideDetail) return null;
  switch (rideDetail.type) {
    case 'time-crunch':
      return timeCrunch(activity, reading);
    case 'kom-segment':
      return (
        `KOM / Segment Effort: the all-out effort was the point of this one${peakEvidence(activity)}. ` +
        'Uneven pacing is expected on a day like this, not a flaw.'
      );
    case 'recovery-spin':
      return recoverySpin(activity, reading);
    case 'endurance-builder':
      return enduranceBuilder(activity, reading);
    case 'structured-workout': {
      if (context.intervals) {
        const pacing = intervalPacing(context.intervals);
        return `Structured Workout: ${intervalSetText(context.intervals)} (from ${context.intervals.foundBy}).${pacing ? ` ${pacing}` : ''}`;
      }
      const zones = activity.powerZones ?? activity.hrZones;
      if (!zones) {
        return (
          'Structured Workout: I cannot see your workout plan, and without power or heart-rate zones ' +
          `I can only go by ${activity.movingTime.text} of work.`
        );
      }
      return (
        `Structured Workout: I cannot see your workout plan, so I judge the work by its zones: ${zones.hardShare.text} at or above ` +
        `threshold, most time in ${zones.main.zone.text} (${zones.main.name}).`
      );
    }
    case 'social-group': {
      const power = activity.power;
      const surges = power?.variabilityIndex && power.max ? `; VI ${power.variabilityIndex.text} and max power ${power.max.text} show the surges` : '';
      return `Social / Group Ride: the group set the rhythm${surges}. Great for skills and motivation, just do not count it as steady endurance work.`;
    }
    case 'custom-note':
      if (!rideDetail.note) return 'Custom Note: no note added. Write one and I will take it into account.';
      return `You told me: ${quote(rideDetail.note)}. ${noteResponse(reading)}`;
  }
}

const isHard = (reading: Reading) => reading.effort === 'hard' || reading.effort === 'very_hard';

function timeCrunch(activity: ActivityFacts, reading: Reading): string {
  const time = activity.movingTime.text;
  if (reading.effort === null) return `Time-Crunch: ${time} still counts; short sessions done consistently add up.`;
  if (isHard(reading)) return `Time-Crunch: you made the minutes count, ${EFFORT_PHRASES[reading.effort]} session in ${time}.`;
  return (
    `Time-Crunch: ${time} at ${EFFORT_PHRASES[reading.effort]} effort still counts; ` +
    'when time is this tight, a few hard efforts give the most for the minutes.'
  );
}

/** What shows the maximal effort: peak power, else the shortest best effort, else peak heart rate. */
function peakEvidence(activity: ActivityFacts): string {
  const { power, bestEfforts, maxHeartrate } = activity;
  if (power?.max) return `, and max power ${power.max.text}${maybe(power.variabilityIndex, (vi) => ` with a VI of ${vi}`)} shows it`;
  const shortest = bestEfforts[0];
  if (shortest) return `, and your fastest ${shortest.distance.text} in ${shortest.time.text} shows it`;
  return maybe(maxHeartrate, (bpm) => `, and a max heart rate of ${bpm} shows it`);
}

/** The evidence for an intensity judgement, from the best data there is. */
function intensityEvidence(activity: ActivityFacts): string | null {
  const intensityFactor = activity.power?.intensityFactor;
  if (intensityFactor) return `IF ${intensityFactor.text}`;
  const zones = activity.powerZones ?? activity.hrZones;
  if (zones) return `${zones.easyShare.text} of the time in the easy zones and ${zones.hardShare.text} at or above threshold`;
  return maybe(activity.averageHeartrate, (bpm) => `an average heart rate of ${bpm}`) || null;
}

function recoverySpin(activity: ActivityFacts, reading: Reading): string {
  const evidence = intensityEvidence(activity);
  if (reading.effort === null || evidence === null) {
    return 'Recovery Spin: without power or heart rate I cannot check the intensity; it should feel almost too easy.';
  }
  if (reading.effort === 'easy') return `Recovery Spin done right: ${evidence}. Genuinely easy is what makes it help.`;
  return (
    `Recovery Spin? ${capitalize(evidence)} says this was training, not recovery. ` +
    `Keep recovery ${activityNoun(activity)}s truly easy, even when it feels too slow.`
  );
}

const DRIFT_JUDGEMENTS = {
  solid: 'your aerobic engine held steady all the way, exactly what this kind of session builds.',
  drift: 'heart rate crept up late. Fuel earlier and start easier; the drift shrinks as your base grows.',
  large_drift: 'well past a durable aerobic effort. Keep the next one shorter or lower until the drift comes down.',
} as const;

function enduranceBuilder(activity: ActivityFacts, reading: Reading): string {
  if (!activity.decoupling || reading.durability === null) {
    const easy = (activity.powerZones ?? activity.hrZones)?.easyShare;
    const easyTime = maybe(easy, (share) => `; ${share} of the time was in the easy zones`);
    return `Endurance Builder: measuring aerobic drift needs power or pace together with heart rate${easyTime}.`;
  }
  const tooHard = isHard(reading) ? ' The intensity was also too high for base work.' : '';
  return `Endurance Builder: decoupling ${activity.decoupling.text}, ${DRIFT_JUDGEMENTS[reading.durability]}${tooHard}`;
}

/** The built-in coach acts on the cues it recognises in a note and says so; the rest is kept, not interpreted. */
function noteResponse(reading: Reading): string {
  if (reading.cues.includes('illness')) return 'Recovery comes first, so I have kept the next session easy.';
  if (reading.cues.includes('fatigue')) return 'I have taken the fatigue into account and kept the next session easy.';
  if (reading.cues.includes('heat')) return 'Heat raises heart rate at the same output, so I read your heart-rate numbers with that in mind.';
  return 'As the built-in coach I act on cues such as illness, fatigue or heat; this note is kept with the analysis.';
}
