import { CONVERSATION_TITLE_MAX_CHARS } from '../../../shared/api/coach-conversations.ts';

/** A conversation's title until its first question names it. */
export const NEW_CONVERSATION_TITLE = 'New conversation';
/** A title taken from the first question is at most this long: enough for the list to tell conversations apart. */
export const QUESTION_TITLE_MAX_CHARS = 60;

/**
 * `text` on one line, cut at the last word boundary that keeps it within `maxChars` (an ellipsis
 * marks the cut); a first word longer than that is cut inside it.
 */
export function cutAtWord(text: string, maxChars: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= maxChars) return line;
  const room = line.slice(0, maxChars - 1);
  // The room ends on a whole word when the next character is a space.
  const lastSpace = line[room.length] === ' ' ? room.length : room.lastIndexOf(' ');
  const kept = (lastSpace > 0 ? room.slice(0, lastSpace) : room).replace(/[\s,;:.!?-]+$/, '');
  return `${kept || room}…`;
}

/** The title a conversation gets from its first question. */
export const titleFromQuestion = (question: string): string => cutAtWord(question, QUESTION_TITLE_MAX_CHARS);

/** The title of a conversation started from an activity ("Ask about this activity"). */
export const titleForActivity = (activityName: string): string =>
  cutAtWord(`About ${activityName.trim() || 'this activity'}`, CONVERSATION_TITLE_MAX_CHARS);
