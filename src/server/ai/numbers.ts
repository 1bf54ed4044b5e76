/**
 * docs/design.md: every number in Kai's text must come from the facts. A number here is a run of
 * digits with optional '.'/':' parts ('301', '0.87', '4:35'), not glued to a preceding letter
 * ('VO2max', 'Z2' are names). Each writer (analysis, profile, plans) says which texts hold its
 * facts; this is the one definition of what counts as a number in them.
 */
const NUMBER = /(?<!\p{L})\d+(?:[.:]\d+)*/gu;

export function numbersIn(text: string): string[] {
  return text.match(NUMBER) ?? [];
}

/** Every string inside a JSON-like value, however deeply nested: the facts as a model reads them. */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(stringsIn);
}
