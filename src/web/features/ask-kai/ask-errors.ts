import { HttpError, userFacingMessage } from '../../lib/api-request.ts';

/**
 * What to tell the athlete when a question was not answered. The server's own words come first
 * (the daily limit's message says when it resets; a 400 says what is wrong with the question).
 */
export function askErrorMessage(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.status === 429) return userFacingMessage(error, 'You have asked all the questions you can today. The limit resets at midnight UTC.');
    if (error.status === 400) return userFacingMessage(error, 'Kai could not take that question. Check it and try again.');
    if (error.status === 404) return 'This conversation is gone (deleted, perhaps on another device). Start a new one.';
  }
  return userFacingMessage(error, 'Kai could not answer just now. Your question is still here: try again.');
}

/** Why a conversation did not open: gone (another account's id answers 404 too) or not loaded. */
export function loadErrorMessage(error: unknown): string {
  if (error instanceof HttpError && error.status === 404) return 'This conversation does not exist; it may have been deleted.';
  return 'This conversation could not be loaded.';
}
