import { airDensityKgPerM3, BIKE_MASS_KG, nextSpeedMps } from '../strava-sim/demo/cycling-physics.ts';
import { hikingSpeedMps, runningSpeedOnGrade } from '../strava-sim/demo/foot-speed.ts';
import { createRandom, deriveSeed } from '../strava-sim/demo/random.ts';
import type { ActivitySpec, GroundSecond, Pause, Terrain } from './model.ts';

const EARTH_RADIUS_M = 6_371_000;
const DEFAULT_ORIGIN: [number, number] = [46.2, 6.15];

/** Altitude of a terrain at a distance along the route, in metres. */
export function terrainAltitudeM(terrain: Terrain, distanceM: number): number {
  let altitude = terrain.baseM;
  for (const hill of terrain.hills) {
    altitude += hill.amplitudeM * Math.sin((2 * Math.PI * distanceM) / hill.wavelengthM + (hill.phase ?? 0));
  }
  return altitude;
}

function gradeAt(terrain: Terrain | undefined, distanceM: number): number {
  if (!terrain) return 0;
  return (terrainAltitudeM(terrain, distanceM + 5) - terrainAltitudeM(terrain, distanceM - 5)) / 10;
}

/** A point `stepM` further along a road whose heading turns slowly with distance. */
function advance(lat: number, lon: number, distanceM: number, stepM: number): [number, number] {
  const heading = 0.7 + 0.9 * Math.sin(distanceM / 2_400) + 0.4 * Math.sin(distanceM / 700);
  const dLat = (stepM * Math.cos(heading)) / EARTH_RADIUS_M;
  const dLon = (stepM * Math.sin(heading)) / (EARTH_RADIUS_M * Math.cos((lat * Math.PI) / 180));
  return [lat + (dLat * 180) / Math.PI, lon + (dLon * 180) / Math.PI];
}

/**
 * The activity's true state once a second, from its start (t = 0) to its end: blocks of steady
 * effort one after the other, with the pauses inserted after their moving seconds. Speed comes
 * from road-cycling physics for rides, from the running cost of slopes for runs, from Tobler's
 * function for hikes, from the block for the rest; heart rate follows its target with a 25 s lag.
 * Deterministic: everything random comes from the seed.
 */
export function sampleGroundTruth(spec: ActivitySpec): GroundSecond[] {
  const random = createRandom(deriveSeed(spec.seed, 'ground-truth', spec.kind));
  const pauses = [...(spec.pauses ?? [])].sort((a, b) => a.afterMovingS - b.afterMovingS);
  const totalMassKg = (spec.riderMassKg ?? 75) + BIKE_MASS_KG;
  const firstHr = spec.blocks[0]?.heartRateBpm ?? 120;
  let [lat, lon] = spec.origin ?? DEFAULT_ORIGIN;
  let distanceM = 0;
  let speedMps = 0;
  let heartRate = firstHr - 25;
  const seconds: GroundSecond[] = [];
  const altitude = (d: number) => (spec.terrain ? terrainAltitudeM(spec.terrain, d) : null);
  const push = (second: Omit<GroundSecond, 't' | 'lat' | 'lon' | 'altitudeM' | 'distanceM' | 'temperatureC'>) => {
    seconds.push({ ...second, t: seconds.length, lat, lon, altitudeM: altitude(distanceM), distanceM, temperatureC: spec.temperatureC ?? 18 });
  };
  push({ moving: false, timerRunning: true, pauseTimer: null, block: 0, speedMps: 0, powerW: 0, heartRateBpm: Math.round(heartRate), cadence: 0 });

  let movingS = 0;
  let nextPause = 0;
  const runPause = (pause: Pause, block: number) => {
    const restHr = heartRate - 20;
    for (let i = 0; i < pause.durationS; i++) {
      heartRate += (restHr - heartRate) / 25;
      speedMps = 0;
      push({ moving: false, timerRunning: pause.timer === 'running', pauseTimer: pause.timer, block, speedMps: 0, powerW: 0, heartRateBpm: Math.round(heartRate), cadence: 0 });
    }
  };
  spec.blocks.forEach((block, blockIndex) => {
    for (let s = 0; s < block.durationS; s++) {
      while (nextPause < pauses.length && pauses[nextPause]!.afterMovingS <= movingS) runPause(pauses[nextPause++]!, blockIndex);
      const grade = gradeAt(spec.terrain, distanceM);
      let powerW: number;
      let cadence = block.cadence ?? 0;
      if (spec.kind === 'ride' || spec.kind === 'virtualRide') {
        const coasting = spec.coastBelowGrade !== undefined && grade < spec.coastBelowGrade;
        powerW = coasting ? 0 : Math.max(0, Math.round((block.powerW ?? 150) * (1 + 0.04 * random.normal())));
        if (coasting) cadence = 0;
        speedMps = nextSpeedMps(speedMps, powerW, grade, totalMassKg, airDensityKgPerM3(altitude(distanceM) ?? 0));
      } else {
        const flat = block.speedMps ?? 3;
        const base = spec.kind === 'run' ? runningSpeedOnGrade(flat, grade) : spec.kind === 'hike' ? Math.min(flat, hikingSpeedMps(grade)) : flat;
        speedMps = base * (1 + 0.02 * random.normal());
        powerW = block.powerW === undefined ? 0 : Math.max(0, Math.round(block.powerW * (1 + 0.03 * random.normal())));
      }
      if (cadence > 0) cadence = Math.max(1, Math.round(cadence + random.normal()));
      heartRate += (block.heartRateBpm - heartRate) / 25 + 0.3 * random.normal();
      [lat, lon] = advance(lat, lon, distanceM, speedMps);
      distanceM += speedMps;
      movingS++;
      push({ moving: speedMps > 0, timerRunning: true, pauseTimer: null, block: blockIndex, speedMps, powerW, heartRateBpm: Math.round(heartRate), cadence });
    }
  });
  return seconds;
}
