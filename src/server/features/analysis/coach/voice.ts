import type { CoachingStyle } from '../../../../shared/domain/coaching-style.ts';
import type { CoachingFacts } from '../../facts/index.ts';

/**
 * How the built-in coach speaks in a style. Chill: gentle, wellness first, few numbers.
 * Performance: balanced, gradual gains. Marginal gains: precise, ambitious, every number that
 * matters. Custom: the Performance voice, adjusted by what a non-language-model can honestly
 * read from the athlete's instructions: focus areas it recognises, and cues for brevity, bluntness,
 * warmth or detail.
 */
export type Tone = 'gentle' | 'balanced' | 'precise';

export type FocusArea = 'climbing' | 'pacing' | 'heartRate' | 'power' | 'endurance' | 'recovery' | 'speed' | 'consistency';

export interface Voice {
  style: CoachingStyle;
  tone: Tone;
  /** How many Key Insights. */
  insights: number;
  /** Leave out the optional sentences. */
  brief: boolean;
  /** Plain verdicts and instructions without cushioning. */
  direct: boolean;
  /** Custom style: the focus areas recognised in the instructions, in the order listed below. */
  focus: FocusArea[];
  /** Custom style: whether anything in the instructions was recognised at all. */
  instructionsRecognised: boolean;
}

export const FOCUS_LABELS: Record<FocusArea, string> = {
  climbing: 'climbing',
  pacing: 'pacing',
  heartRate: 'heart rate',
  power: 'power',
  endurance: 'aerobic endurance',
  recovery: 'recovery',
  speed: 'speed',
  consistency: 'consistency',
};

const FOCUS_PATTERNS: [FocusArea, RegExp][] = [
  ['climbing', /climb|hill|elevation|mountain|gradient|ascent/i],
  ['pacing', /\bpac(e|ing)\b|even effort|negative split/i],
  ['heartRate', /heart|\bhr\b|bpm/i],
  ['power', /power|watt|\bftp\b/i],
  ['endurance', /endurance|aerobic|\bbase\b|zone ?2|\bz2\b|long (ride|run)s?/i],
  ['recovery', /recover|\brest\b|fatigue|sleep/i],
  ['speed', /speed|fast|\brace|\bpr\b|personal (best|record)|sprint/i],
  ['consistency', /consisten|volume|routine|habit|weekly/i],
];

const BRIEF = /\bshort\b|brief|concise|to the point|bullet|tl;?dr|keep it simple/i;
const DIRECT = /direct|blunt|tough|strict|no fluff|straight/i;
const GENTLE = /gentle|kind|encourag|positive|supportive|motivat|friendly/i;
const DETAILED = /detail|\bdata\b|numbers|metrics|precise|nerd|technical|in-depth/i;

const STYLE_VOICES: Record<Exclude<CoachingStyle, 'custom'>, Voice> = {
  chill: { style: 'chill', tone: 'gentle', insights: 3, brief: false, direct: false, focus: [], instructionsRecognised: false },
  performance: { style: 'performance', tone: 'balanced', insights: 4, brief: false, direct: false, focus: [], instructionsRecognised: false },
  marginal_gains: {
    style: 'marginal_gains',
    tone: 'precise',
    insights: 6,
    brief: false,
    direct: true,
    focus: [],
    instructionsRecognised: false,
  },
};

export function voiceFor(coaching: CoachingFacts): Voice {
  if (coaching.style !== 'custom') return STYLE_VOICES[coaching.style];
  const instructions = coaching.customInstructions ?? '';
  const focus = FOCUS_PATTERNS.filter(([, pattern]) => pattern.test(instructions)).map(([area]) => area);
  const brief = BRIEF.test(instructions);
  const direct = DIRECT.test(instructions);
  const gentle = GENTLE.test(instructions);
  const detailed = DETAILED.test(instructions);
  return {
    style: 'custom',
    tone: detailed ? 'precise' : gentle ? 'gentle' : 'balanced',
    insights: brief ? 3 : detailed ? 6 : 4,
    brief,
    direct,
    focus,
    instructionsRecognised: focus.length > 0 || brief || direct || gentle || detailed,
  };
}
