import type { MeasureWriter } from '../../../shared/domain/unit-tokens.ts';

/**
 * How long the goal takes the athlete, climbing included (ADR 0029). Both models start from the
 * athlete's recent average speed in the sport, so the estimate is theirs, and add what the
 * climbing costs by a published model:
 * - running: Scarf's equivalence of climb and distance (Scarf, "Route choice in mountain
 *   navigation, Naismith's rule, and the equivalence of distance and climb", J. Sports Sciences
 *   25(6), 2007): each metre of ascent counts as 7.92 m of flat distance, Naismith's rule in
 *   distance terms;
 * - cycling: the road-cycling power model of Martin et al. ("Validation of a mathematical model
 *   for road cycling power", J. Applied Biomechanics 14(3), 1998), reduced to gravity, rolling
 *   resistance and air drag: on the climbs the rider holds ENDURANCE_SHARE_OF_FTP of their FTP
 *   (a long event's pace), or without an FTP the power that holds their recent speed on the
 *   flat, at the route's average climbing gradient.
 */

export const SCARF_METRES_PER_METRE_CLIMBED = 7.92;

/** The cycling model's stated assumptions: a 75 kg rider on a 9 kg bike, road position, sea-level air. */
const RIDER_KG = 75;
const BIKE_KG = 9;
export const RIDER_AND_BIKE_KG = RIDER_KG + BIKE_KG;
const CDA_M2 = 0.32;
const CRR = 0.005;
const AIR_DENSITY = 1.2;
const G = 9.81;
/** Climbs are taken at this average gradient, unless the climbing needs steeper ones to fit the route. */
export const ASSUMED_CLIMB_GRADIENT = 0.05;
/** The share of FTP held over a long event (the top of Coggan's endurance zone). */
export const ENDURANCE_SHARE_OF_FTP = 0.7;

export interface EventTime {
  minutes: number;
  /** How the estimate was made, for the plan's assumptions. */
  model: string;
}

function powerW(speedMps: number, gradient: number): number {
  const angle = Math.atan(gradient);
  const resist = RIDER_AND_BIKE_KG * G * (Math.sin(angle) + CRR * Math.cos(angle));
  return speedMps * (resist + 0.5 * AIR_DENSITY * CDA_M2 * speedMps * speedMps);
}

/** The speed at which `power` is held on `gradient` (power rises with speed, so bisection finds it). */
function speedAt(power: number, gradient: number): number {
  let low = 0;
  let high = 30;
  for (let step = 0; step < 60; step++) {
    const middle = (low + high) / 2;
    if (powerW(middle, gradient) > power) high = middle;
    else low = middle;
  }
  return (low + high) / 2;
}

export function eventTime(
  sport: 'cycling' | 'running',
  distanceKm: number,
  elevationM: number | null,
  recentSpeedMps: number,
  ftpW: number | null,
  /** How the model's distances, climbing and speeds are written (tokens in a stored plan, ADR 0073). */
  text: MeasureWriter,
): EventTime {
  const distanceM = distanceKm * 1000;
  const climbM = elevationM ?? 0;
  const flatText = `your recent average ${sport === 'cycling' ? 'riding' : 'running'} speed (${text.speed(recentSpeedMps)})`;
  if (climbM <= 0) return { minutes: distanceM / recentSpeedMps / 60, model: `${text.distance(distanceM)} at ${flatText}; no climbing given.` };
  if (sport === 'running') {
    const equivalentM = distanceM + SCARF_METRES_PER_METRE_CLIMBED * climbM;
    // Scarf's ratio holds in any unit: a foot climbed counts as 7.92 ft, as a metre as 7.92 m.
    const [one, of] = [text.word('climb-one'), text.word('climb-of')];
    return {
      minutes: equivalentM / recentSpeedMps / 60,
      model: `${text.distance(distanceM)} with ${text.elevation(climbM)} of climbing run like ${text.distance(equivalentM)} on the flat (each ${one} climbed counts as ${SCARF_METRES_PER_METRE_CLIMBED} ${of}: Scarf 2007, after Naismith), at ${flatText}.`,
    };
  }
  const climbDistanceM = Math.min(climbM / ASSUMED_CLIMB_GRADIENT, distanceM / 2);
  const gradient = climbM / climbDistanceM;
  const flatPower = powerW(recentSpeedMps, 0);
  const power = ftpW !== null ? Math.max(flatPower, ftpW * ENDURANCE_SHARE_OF_FTP) : flatPower;
  const powerText = ftpW !== null && power > flatPower ? `${Math.round(power)} W (${Math.round(ENDURANCE_SHARE_OF_FTP * 100)}% of your ${ftpW} W FTP)` : `the ${Math.round(power)} W that holds ${flatText} on the flat`;
  const climbSpeed = speedAt(power, gradient);
  const seconds = (distanceM - climbDistanceM) / recentSpeedMps + climbDistanceM / climbSpeed;
  return {
    minutes: seconds / 60,
    model:
      `${text.distance(climbDistanceM)} of climbing at ${(gradient * 100).toFixed(1)}% ridden at ${powerText} ` +
      `(${text.speed(climbSpeed)} uphill; road-cycling power model of Martin et al. 1998, a ${text.weight(RIDER_KG)} rider on a ${text.weight(BIKE_KG)} bike), the rest at ${flatText}; descents are not counted faster.`,
  };
}
