import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../http/errors.ts';

/**
 * zxcvbn's score 2 means about a million guesses or more: past an online attacker's budget and the
 * common-password lists ("password", "qwertyuiop", "password123" all score 0).
 */
const MIN_SCORE = 2;

export const WEAK_PASSWORD_MESSAGE =
  'This password is too easy to guess: it is a common password or follows a common pattern. Try a few unrelated words.';

// The dictionaries take a moment to index: built on the first check, not when the server starts.
let estimator: ZxcvbnFactory | undefined;

function strengthEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator;
}

/**
 * Rejects a new password found in the common/breached lists or guessable from the person's own
 * e-mail and name (a 400 with a message the sign-up form shows).
 */
export function assertStrongPassword(password: string, personalWords: readonly string[] = []): void {
  const words = personalWords.flatMap((word) => word.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((word) => word.length >= 3);
  if (strengthEstimator().check(password, words).score < MIN_SCORE) {
    throw new AppError('bad_request', WEAK_PASSWORD_MESSAGE);
  }
}
