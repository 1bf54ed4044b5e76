import type { AnalysisContext } from '../../facts/index.ts';
import type { Reading } from './reading.ts';
import { FOCUS_LABELS, type FocusArea, type Voice } from './voice.ts';
import { activityNoun, capitalize, figures, maybe, quote } from './words.ts';

/**
 * Custom style: what the built-in coach can honestly do with free-text instructions is find the
 * focus areas it knows and lead with them. It says so, and says so when it found nothing.
 */
export function customFocusInsights(context: AnalysisContext, reading: Reading, voice: Voice): string[] {
  if (voice.style !== 'custom') return [];
  if (!voice.instructionsRecognised) {
    return [
      `You asked for: ${quote(context.coaching.customInstructions ?? '', 120)}. As the built-in coach I follow the focus areas and ` +
        'tone cues I recognise, and none matched, so this reads like my Performance analysis.',
    ];
  }
  return voice.focus.slice(0, 2).map((area) => `${capitalize(FOCUS_LABELS[area])}, your focus: ${focusFinding(area, context, reading)}.`);
}

function focusFinding(area: FocusArea, context: AnalysisContext, reading: Reading): string {
  const { activity, load, recentTraining } = context;
  const { power } = activity;
  switch (area) {
    case 'climbing':
      if (!activity.elevationGain) return 'no elevation was recorded for this one';
      return `${activity.elevationGain.text} of climbing${maybe(activity.distance, (distance) => ` over ${distance}`)}`;
    case 'pacing':
      if (power?.variabilityIndex) {
        return `VI ${power.variabilityIndex.text}, ${reading.pacing === 'steady' ? 'nicely even' : 'with surges that cost energy'}`;
      }
      if (activity.averagePace) return `average ${activity.averagePace.text}${maybe(activity.gradeAdjustedPace, (gap) => `, grade-adjusted ${gap}`)}`;
      return 'there is no power or pace data to judge it on this one';
    case 'heartRate': {
      const heartRate = figures([
        ['average', activity.averageHeartrate],
        ['max', activity.maxHeartrate],
        ['most time in', activity.hrZones?.main.zone],
      ]);
      return heartRate ?? 'this one has no heart-rate data';
    }
    case 'power':
      return (
        figures([
          ['normalized', power?.normalized],
          ['average', power?.average],
          ['IF', power?.intensityFactor],
        ]) ?? `this ${activityNoun(activity)} has no power data`
      );
    case 'endurance':
      if (activity.decoupling) return `decoupling ${activity.decoupling.text}`;
      if (activity.hrZones) return `${activity.hrZones.easyShare.text} of the time in the easy zones`;
      return `${activity.movingTime.text} of aerobic time`;
    case 'recovery':
      return `form goes to ${load.formAfter.text} the morning after, from ${load.onTheDay.form.text} before`;
    case 'speed': {
      const longest = activity.bestEfforts.at(-1);
      if (longest) return `fastest ${longest.distance.text} in ${longest.time.text}`;
      return activity.averageSpeed ? `average ${activity.averageSpeed.text}` : 'no speed data for this one';
    }
    case 'consistency':
      return `${recentTraining.sessions.text} in the last ${recentTraining.days.text}, ${recentTraining.movingTime.text} in all`;
  }
}
