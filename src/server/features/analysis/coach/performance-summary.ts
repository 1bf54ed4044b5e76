import type { ActivityFacts, AnalysisContext, ZoneFacts } from '../../facts/index.ts';
import type { Voice } from './voice.ts';
import { activityNoun, capitalize, figures, maybe, paragraph, type Figure } from './words.ts';

/**
 * Performance Summary: the numbers of the session in a few sentences. Chill keeps to the headline
 * figures, Performance adds power, heart rate and load, Marginal gains every figure there is.
 */
const LOAD_BASIS = {
  power: 'power-based TSS',
  heartRate: 'heart-rate based',
  pace: 'pace-based',
  estimate: 'estimated from duration',
} as const;

function headline(activity: ActivityFacts): string {
  const climbing = maybe(activity.elevationGain, (gain) => `, with ${gain} of climbing`);
  if (!activity.distance) return `${capitalize(activityNoun(activity))}: ${activity.movingTime.text}${climbing}.`;
  const rate = maybe(activity.averagePace ?? activity.averageSpeed, (value) => ` at ${value}`);
  return `${activity.distance.text} in ${activity.movingTime.text}${rate}${climbing}.`;
}

function zonesLine(label: string, zones: ZoneFacts): string {
  const spent = zones.zones.filter((zone) => zone.time.value >= 60);
  return `${label} zones: ${spent.map((zone) => `${zone.zone.text}: ${zone.time.text} (${zone.share.text})`).join('; ')}.`;
}

export function performanceSummary(context: AnalysisContext, voice: Voice): string {
  const { activity } = context;
  const { power } = activity;
  const heartRate = figures([
    ['average', activity.averageHeartrate],
    ['max', activity.maxHeartrate],
  ]);
  const pending = activity.metricsComputed ? null : 'Zones, training load and the finer metrics follow once they are computed.';

  if (voice.tone === 'gentle') {
    return paragraph(
      headline(activity),
      activity.averageHeartrate && `Your heart rate averaged ${activity.averageHeartrate.text}.`,
      pending,
      'Numbers aside, how it felt matters just as much.',
    );
  }

  const precise = voice.tone === 'precise';
  const scores: Figure[] = precise
    ? [
        ['IF', power?.intensityFactor],
        ['TSS', power?.tss],
        ['VI', power?.variabilityIndex],
        ['EF', power?.efficiencyFactor],
        ['work', power?.work],
      ]
    : [];
  const powerLine = figures([['average', power?.average], ['normalized', power?.normalized], ['max', power?.max], ...scores]);
  const load =
    activity.trainingLoad && activity.trainingLoadMethod
      ? `Training load ${activity.trainingLoad.text} (${LOAD_BASIS[activity.trainingLoadMethod]}).`
      : null;
  return paragraph(
    headline(activity),
    powerLine && `Power: ${powerLine}.`,
    heartRate && `Heart rate: ${heartRate}.`,
    precise && activity.gradeAdjustedPace && `Grade-adjusted pace ${activity.gradeAdjustedPace.text}.`,
    precise && activity.decoupling && `Decoupling ${activity.decoupling.text}.`,
    precise && activity.powerZones && zonesLine('Power', activity.powerZones),
    precise && activity.hrZones && zonesLine('Heart-rate', activity.hrZones),
    load,
    pending,
  );
}
