/**
 * PostgreSQL text cannot hold NUL, and an unpaired UTF-16 surrogate has no UTF-8 encoding: either
 * in a stored string made the insert fail with a 500. Input is checked once, at the HTTP boundary.
 */
export const UNSTORABLE_TEXT_MESSAGE = 'Text must not contain NUL characters or unpaired Unicode surrogates';

/** In unicode mode a paired surrogate is one code point, so \p{Cs} matches only unpaired ones. */
const UNSTORABLE = /[\0\p{Cs}]/u;
const UNSTORABLE_ALL = /[\0\p{Cs}]/gu;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * Whether any string in a parsed JSON value (keys included) cannot be stored. A raw body (a
 * Buffer: the wellness CSV) is not text yet and is left to the route that decodes it; walked
 * entry by entry, a 2 MB CSV held the event loop for seconds.
 */
export function hasUnstorableText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      if (!isStorableText(current)) return true;
    } else if (ArrayBuffer.isView(current) || current instanceof ArrayBuffer) {
      continue;
    } else if (Array.isArray(current)) {
      stack.push(...current);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (!isStorableText(key)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/** Text from outside the JSON boundary (an uploaded file's name, Strava's answers) made storable. */
export function storableText(text: string): string {
  return text.replace(UNSTORABLE_ALL, (match) => (match === '\0' ? '' : '\uFFFD'));
}

/** Outside text cut to a length and made storable; empty becomes null. */
export function boundedText(value: unknown, maxLength: number): string | null {
  if (typeof value !== 'string') return null;
  const text = storableText(value).trim().slice(0, maxLength).trim();
  return text === '' ? null : text;
}

/** A JSON value from outside with every string made storable (jsonb refuses \u0000 too). */
export function storableJson<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => storableJson(item)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [storableText(key), storableJson(item)])) as T;
  }
  return value;
}
