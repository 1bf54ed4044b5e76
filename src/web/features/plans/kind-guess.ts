import type { ActivityKind } from '../../../shared/api/training-plans.ts';

/** Spec §4, in its order: the cycling words are checked first, so 'Gran Fondo race' is a ride. */
const CYCLING_WORDS = ['gran fondo', 'century', 'ride', 'cycling', 'bike', 'sportive'];
const RUNNING_WORDS = ['marathon', 'run', 'race', '5k', '10k', 'half', 'trail', 'ultra'];

/** The activity kind an event's name suggests (spec §4 "Kind guess"); cycling when nothing matches. */
export function guessActivityKind(eventName: string): ActivityKind {
  const name = eventName.toLowerCase();
  if (CYCLING_WORDS.some((word) => name.includes(word))) return 'cycling';
  if (RUNNING_WORDS.some((word) => name.includes(word))) return 'running';
  return 'cycling';
}
