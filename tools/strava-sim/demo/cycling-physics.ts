/**
 * Road-cycling physics (Martin et al. 1998, "Validation of a mathematical model for road cycling
 * power"): the rider's power, less drivetrain losses, overcomes rolling resistance, gravity and
 * air drag; whatever is left accelerates rider and bike. Used to turn simulated power into speed,
 * so distance and velocity streams agree with the watts stream and the terrain.
 */
const GRAVITY_MPS2 = 9.81;
export const BIKE_MASS_KG = 8.5;
const DRAG_AREA_M2 = 0.32;
const ROLLING_RESISTANCE = 0.005;
const DRIVETRAIN_EFFICIENCY = 0.976;
/** Riders brake for corners and caution well before the physics would let them go faster. */
const MAX_DESCENT_SPEED_MPS = 16.5;
/** Below this a rider puts a foot down; power still moves them at walking-pace speed. */
const MIN_ROLLING_SPEED_MPS = 1.5;
const MAX_ACCELERATION_MPS2 = 1.2;

/** Air density at an altitude (barometric formula, 8.5 km scale height), in kg/m³. */
export function airDensityKgPerM3(altitudeM: number): number {
  return 1.225 * Math.exp(-altitudeM / 8_500);
}

function resistiveForceN(speedMps: number, grade: number, totalMassKg: number, airDensity: number): number {
  const angle = Math.atan(grade);
  const rolling = totalMassKg * GRAVITY_MPS2 * ROLLING_RESISTANCE * Math.cos(angle);
  const gravity = totalMassKg * GRAVITY_MPS2 * Math.sin(angle);
  const drag = 0.5 * airDensity * DRAG_AREA_M2 * speedMps * speedMps;
  return rolling + gravity + drag;
}

/** Speed after one second of riding at `powerW` on a slope `grade` (rise over run). */
export function nextSpeedMps(speedMps: number, powerW: number, grade: number, totalMassKg: number, airDensity: number): number {
  const propulsiveN = powerW > 0 ? (powerW * DRIVETRAIN_EFFICIENCY) / Math.max(speedMps, MIN_ROLLING_SPEED_MPS) : 0;
  const accelerationMps2 = (propulsiveN - resistiveForceN(speedMps, grade, totalMassKg, airDensity)) / totalMassKg;
  const next = speedMps + Math.min(MAX_ACCELERATION_MPS2, accelerationMps2);
  const floor = powerW > 0 ? MIN_ROLLING_SPEED_MPS : 0;
  return Math.min(MAX_DESCENT_SPEED_MPS, Math.max(floor, next));
}

/** The speed at which `powerW` exactly balances the resistances (bisection), in m/s. */
export function steadySpeedMps(powerW: number, grade: number, totalMassKg: number, airDensity: number): number {
  let low = 0;
  let high = MAX_DESCENT_SPEED_MPS;
  for (let i = 0; i < 40; i += 1) {
    const mid = (low + high) / 2;
    const surplusW = powerW * DRIVETRAIN_EFFICIENCY - resistiveForceN(mid, grade, totalMassKg, airDensity) * mid;
    if (surplusW > 0) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}
