import { DAY_MS } from '../../../shared/time.ts';

/** The expiries the create dialog offers; a script that should outlive a year gets no expiry. */
export const expiryChoices = [
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '1 year', days: 365 },
  { value: '7', label: '7 days', days: 7 },
  { value: 'never', label: 'No expiry', days: null },
] as const;

export type ExpiryChoice = (typeof expiryChoices)[number]['value'];

/** The expiry to send for a choice, counted from `now`; null: never. */
export function expiresAtFor(choice: ExpiryChoice, now: Date): string | null {
  const days = expiryChoices.find((entry) => entry.value === choice)?.days ?? null;
  return days === null ? null : new Date(now.getTime() + days * DAY_MS).toISOString();
}
