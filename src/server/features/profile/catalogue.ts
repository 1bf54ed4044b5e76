import type { CardKind } from '../../../shared/domain/profile-cards.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';

/**
 * The built-in event recommendations draw on this small catalogue of real event FORMATS with their
 * usual distance and climbing, never on named editions: Kairo has no event calendar, so it invents
 * no event names, dates of real editions or registration links. The card names the format, proposes
 * a target date, and leaves finding an edition near the athlete to them (the page says so).
 */
export interface EventFormat {
  name: string;
  /** The name an athlete who counts in miles knows the format by, when it differs ('5K road race'). */
  imperialName?: string;
  kind: CardKind;
  distanceKm: number;
  /** Typical climbing, m; null for formats that are flat by nature. */
  elevationM: number | null;
  /** The longest single session (km) that makes the format a reasonable next step rather than a leap. */
  readyFromKm: number;
}

export const EVENT_CATALOGUE: readonly EventFormat[] = [
  { name: 'Sportive (short route)', kind: 'cycling', distanceKm: 60, elevationM: 700, readyFromKm: 25 },
  { name: 'Gran fondo (medium route)', kind: 'cycling', distanceKm: 110, elevationM: 1800, readyFromKm: 60 },
  { name: 'Century ride (100 miles)', kind: 'cycling', distanceKm: 161, elevationM: 1500, readyFromKm: 90 },
  { name: 'Hilly sportive', kind: 'cycling', distanceKm: 130, elevationM: 2800, readyFromKm: 80 },
  { name: 'Gran fondo (long route)', kind: 'cycling', distanceKm: 170, elevationM: 3500, readyFromKm: 120 },
  { name: '40 km individual time trial', imperialName: '40K individual time trial', kind: 'cycling', distanceKm: 40, elevationM: null, readyFromKm: 40 },
  { name: '5 km road race', imperialName: '5K road race', kind: 'running', distanceKm: 5, elevationM: null, readyFromKm: 2 },
  { name: '10 km road race', imperialName: '10K road race', kind: 'running', distanceKm: 10, elevationM: null, readyFromKm: 5 },
  { name: 'Half marathon', kind: 'running', distanceKm: 21.1, elevationM: null, readyFromKm: 12 },
  { name: 'Trail half marathon', kind: 'running', distanceKm: 21, elevationM: 800, readyFromKm: 14 },
  { name: 'Marathon', kind: 'running', distanceKm: 42.2, elevationM: null, readyFromKm: 24 },
];

/** The format's name in the athlete's units. */
export const formatName = (format: EventFormat, units: UnitSystem): string => (units === 'imperial' ? (format.imperialName ?? format.name) : format.name);
