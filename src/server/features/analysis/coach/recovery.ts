import { readinessEvidence, type AnalysisContext } from '../../facts/index.ts';
import { cycleRecovery } from './cycle-week.ts';
import type { FormState, Reading } from './reading.ts';
import type { Voice } from './voice.ts';
import { activityNoun, paragraph } from './words.ts';

/** Recovery: where the athlete stands after this session, and what recovering from it takes. */
const GENTLE_STATE: Record<FormState, string> = {
  fresh: 'You are fresh right now, with plenty in the tank.',
  neutral: 'Your training and rest look nicely balanced.',
  loaded: 'You are carrying some fatigue now, the good kind that comes from training.',
  deep: 'You are carrying a lot of fatigue now.',
};

const ADVICE: Record<FormState, string> = {
  fresh: 'You are fresh, so recovery needs are light and you are ready for quality.',
  neutral: 'That is balanced: normal recovery is enough.',
  loaded: 'That is productive fatigue: you are absorbing training. Keep the next day easy and protect your sleep.',
  deep: 'That is deep fatigue. Make the next day very easy or take it off; sleep and food are your training now.',
};

const GENTLE_READINESS = {
  strained: 'How you felt this morning says your body wants rest: an easy day counts as training.',
  steady: "One of this morning's signals was off, so keep the next day relaxed.",
  ready: "Your body's signals this morning looked good.",
} as const;

const READINESS_ADVICE = {
  strained: 'Keep the hard sessions for when these are back to your normal.',
  steady: 'Train, but keep the intensity in check until it settles.',
  ready: '',
} as const;

/** What the morning's readiness (ADR 0037) adds, when it was known. */
function readinessSentence(context: AnalysisContext, voice: Voice): string | false {
  const { readiness } = context;
  if (!readiness) return false;
  if (voice.tone === 'gentle') return GENTLE_READINESS[readiness.state];
  return `Your readiness that morning was ${readiness.state}: ${readinessEvidence(readiness)}. ${READINESS_ADVICE[readiness.state]}`.trim();
}

export function recoveryAdvice(context: AnalysisContext, reading: Reading, voice: Voice): string {
  const { load, activity } = context;
  const hard = reading.effort === 'hard' || reading.effort === 'very_hard';
  const cues = [
    reading.cues.includes('illness') && 'You mentioned feeling unwell: rest until you are symptom-free before any intensity.',
    reading.cues.includes('fatigue') && 'You mentioned fatigue; trust that signal over the numbers.',
    reading.cues.includes('heat') && 'After heat, rehydrate with electrolytes, not just water.',
  ];
  const refuel = hard && 'Refuel soon with carbohydrate and protein.';

  if (voice.tone === 'gentle') {
    return paragraph(
      GENTLE_STATE[reading.formAfter],
      readinessSentence(context, voice),
      cycleRecovery(context, voice),
      ...cues,
      refuel,
      'Listen to your body: an easy walk, some stretching and an early night all count.',
    );
  }
  const { fitness, fatigue, form } = load.onTheDay;
  return paragraph(
    // Named by day as the fitness chart plots them: CTL and ATL at the end of the activity's day, TSB each morning.
    `After this ${activityNoun(activity)}, fitness (CTL) ${fitness.text} and fatigue (ATL) ${fatigue.text}: ` +
      `your form (TSB) goes from ${form.text} before it to ${load.formAfter.text} the morning after.`,
    ADVICE[reading.formAfter],
    readinessSentence(context, voice),
    cycleRecovery(context, voice),
    ...cues,
    refuel,
    voice.tone === 'precise' &&
      !voice.brief &&
      'Adaptation happens in recovery: carbohydrate and protein within the hour, fluids for what you sweated, and a consistent sleep window.',
  );
}
