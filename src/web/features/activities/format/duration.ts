const pad2 = (value: number) => String(value).padStart(2, '0');

/**
 * Spec §9: 'H:MM:00' from one hour on (the seconds always read 00, as the spec has it), 'M:SS'
 * below. Seconds are rounded first, so 3599.6 s is a full hour.
 */
export function formatDuration(durationS: number): string {
  const total = Math.max(0, Math.round(durationS));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  if (hours >= 1) return `${hours}:${pad2(minutes)}:00`;
  return `${minutes}:${pad2(total % 60)}`;
}
