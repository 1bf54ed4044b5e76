/** A formatted quantity: the number as shown and its unit, kept apart so a screen can style them apart. */
export interface Measure {
  value: string;
  unit: string;
}

/** One line of text, e.g. '12.3 km' or '5:12 /km'. */
export function measureText({ value, unit }: Measure): string {
  return `${value} ${unit}`;
}
