import { airDensityKgPerM3, BIKE_MASS_KG, steadySpeedMps } from './cycling-physics.ts';
import { hikingSpeedMps } from './foot-speed.ts';
import { offsetToLatLng, type Place } from './places.ts';
import { createRandom, deriveSeed, type Random } from './random.ts';

export type RouteSport = 'Ride' | 'Run' | 'Hike';

/** The recipe of a loop; the geometry is rebuilt from it on demand (cheap, deterministic). */
export interface RouteSpec {
  id: number;
  sport: RouteSport;
  lengthM: number;
  seed: number;
  /** Where the loop starts, relative to the athlete's home. */
  startOffsetM: { eastM: number; northM: number };
  startAltitudeM: number;
  climbs: { heightM: number; maxGrade: number }[];
  /** Amplitude of the small ups and downs between climbs. */
  rollingM: number;
  /** Hikes go up one mountain and back down: a single summit at mid-route. */
  summitHeightM: number;
}

/** A loop sampled every `spacingM` metres; sample i lies `i × spacingM` metres from the start. */
export interface Route {
  spec: RouteSpec;
  spacingM: number;
  originLatitude: number;
  originLongitude: number;
  eastM: Float64Array;
  northM: Float64Array;
  altitudeM: Float64Array;
  /** Gradient (rise over run) over the 20 m around each sample, like a head unit's smoothing. */
  grade: Float64Array;
}

const SPACING_M = 10;

const RIDE_LENGTHS_KM = [28, 38, 48, 58, 70, 82, 95, 110, 125, 140, 160];
const RUN_LENGTHS_KM = [5, 6.5, 8, 9.5, 11, 12.5, 14, 16, 18, 21, 24];
const HIKE_LENGTHS_KM = [9, 11, 13, 15];

/** The loops an athlete rides, runs and hikes from home: each session picks the one that fits. */
export function createRouteLibrary(seed: number, place: Place): RouteSpec[] {
  const random = createRandom(deriveSeed(seed, 'routes'));
  const routes: RouteSpec[] = [];
  const home = { eastM: 0, northM: 0 };
  for (const km of RIDE_LENGTHS_KM) {
    const climbCount = Math.max(0, Math.round(km / 30 + random.between(-0.5, 1.5)));
    routes.push({
      id: routes.length,
      sport: 'Ride',
      lengthM: km * 1000,
      seed: deriveSeed(seed, 'route', routes.length),
      startOffsetM: home,
      startAltitudeM: place.altitudeM,
      climbs: Array.from({ length: climbCount }, () => ({
        heightM: random.between(70, 380) * place.hilliness,
        maxGrade: random.between(0.045, 0.085) * Math.min(1, place.hilliness + 0.2),
      })),
      rollingM: random.between(4, 12) * place.hilliness,
      summitHeightM: 0,
    });
  }
  for (const km of RUN_LENGTHS_KM) {
    const climbCount = random.integer(0, 2);
    routes.push({
      id: routes.length,
      sport: 'Run',
      lengthM: km * 1000,
      seed: deriveSeed(seed, 'route', routes.length),
      startOffsetM: home,
      startAltitudeM: place.altitudeM,
      climbs: Array.from({ length: climbCount }, () => ({ heightM: random.between(15, 60) * place.hilliness, maxGrade: random.between(0.03, 0.06) })),
      rollingM: random.between(2, 5) * place.hilliness,
      summitHeightM: 0,
    });
  }
  const trailhead = place.trailheadOffsetM;
  for (const km of HIKE_LENGTHS_KM) {
    routes.push({
      id: routes.length,
      sport: 'Hike',
      lengthM: km * 1000,
      seed: deriveSeed(seed, 'route', routes.length),
      startOffsetM: { eastM: trailhead.eastM, northM: trailhead.northM },
      startAltitudeM: place.altitudeM + trailhead.altitudeGainM,
      climbs: [],
      rollingM: random.between(8, 20),
      summitHeightM: km * random.between(62, 85),
    });
  }
  return routes;
}

/** The expected time to complete a loop at a relative intensity, used to pick a loop for a session. */
export function expectedDurationS(spec: RouteSpec, intensity: number, ftpW: number, thresholdSpeedMps: number, massKg: number): number {
  if (spec.sport === 'Ride') {
    const climbM = spec.climbs.reduce((sum, climb) => sum + climb.heightM, 0);
    const flatSpeed = steadySpeedMps(intensity * ftpW, 0, massKg + BIKE_MASS_KG, airDensityKgPerM3(spec.startAltitudeM));
    // Climbing costs roughly the time to lift rider and bike at the session's power.
    const climbS = (climbM * (massKg + BIKE_MASS_KG) * 9.81) / Math.max(1, intensity * 1.15 * ftpW);
    return spec.lengthM / flatSpeed + climbS * 0.6;
  }
  if (spec.sport === 'Run') return spec.lengthM / (intensity * thresholdSpeedMps * 0.97);
  const grade = spec.summitHeightM / (spec.lengthM / 2);
  const halfM = spec.lengthM / 2;
  return halfM / hikingSpeedMps(grade) + halfM / hikingSpeedMps(-grade);
}

/**
 * Built loops, most recently used last. Sessions reuse an athlete's few loops over and over, so
 * keeping the geometry of the recent ones spares rebuilding it for every activity.
 */
const builtRoutes = new Map<string, Route>();
const BUILT_ROUTES_KEPT = 64;

export function routeFor(spec: RouteSpec, place: Place): Route {
  const key = `${spec.seed}:${place.city}:${spec.lengthM}`;
  const cached = builtRoutes.get(key);
  if (cached) {
    builtRoutes.delete(key);
    builtRoutes.set(key, cached);
    return cached;
  }
  const route = buildRoute(spec, place);
  builtRoutes.set(key, route);
  if (builtRoutes.size > BUILT_ROUTES_KEPT) {
    const oldest = builtRoutes.keys().next().value;
    if (oldest !== undefined) builtRoutes.delete(oldest);
  }
  return route;
}

/** Builds the geometry of a loop: a wobbly closed curve through the start, with climbs on it. */
function buildRoute(spec: RouteSpec, place: Place): Route {
  const random = createRandom(spec.seed);
  const shape = closedCurve(random, spec.lengthM);
  const count = Math.max(2, Math.ceil(spec.lengthM / SPACING_M));
  const altitudeM = new Float64Array(count);
  const climbs = placeClimbs(random, spec);
  const rolling = Array.from({ length: 6 }, () => ({
    wavelengthM: random.between(700, 3_500),
    phase: random.between(0, 2 * Math.PI),
    amplitudeM: (spec.rollingM / 3) * random.between(0.5, 1.2),
  }));
  for (let i = 0; i < count; i += 1) {
    const s = i * SPACING_M;
    let altitude = spec.startAltitudeM;
    for (const climb of climbs) {
      // A periodic bump (von Mises shape) so the loop's end meets its start at the same height.
      altitude += climb.heightM * Math.exp(climb.concentration * (Math.cos((2 * Math.PI * (s - climb.centreM)) / spec.lengthM) - 1));
    }
    if (spec.summitHeightM > 0) {
      altitude += spec.summitHeightM * ((1 - Math.cos((2 * Math.PI * s) / spec.lengthM)) / 2) ** 1.15;
    }
    for (const wave of rolling) {
      // Whole cycles per loop keep it closed; the offset keeps the start at home's altitude.
      const cycles = Math.max(1, Math.round(spec.lengthM / wave.wavelengthM));
      altitude += wave.amplitudeM * Math.sin((2 * Math.PI * cycles * s) / spec.lengthM + wave.phase) - wave.amplitudeM * Math.sin(wave.phase);
    }
    altitudeM[i] = altitude;
  }
  const [originLatitude, originLongitude] = offsetToLatLng(place.latitude, place.longitude, spec.startOffsetM.eastM, spec.startOffsetM.northM);
  return { spec, spacingM: SPACING_M, originLatitude, originLongitude, ...resample(shape, count), altitudeM, grade: gradeOf(altitudeM, SPACING_M) };
}

function placeClimbs(random: Random, spec: RouteSpec) {
  return spec.climbs.map((climb, index) => {
    // Gaussian-like bump: the steepest slope of height H over width σ is about 0.61·H/σ.
    const sigmaM = Math.max(400, (0.61 * climb.heightM) / climb.maxGrade);
    const concentration = (spec.lengthM / (2 * Math.PI * sigmaM)) ** 2;
    const slot = (index + random.between(0.3, 0.7)) / spec.climbs.length;
    return { heightM: climb.heightM, concentration, centreM: spec.lengthM * (0.15 + 0.7 * slot) };
  });
}

/** A closed curve r(θ) with low-frequency lobes (the loop's shape) and fine wiggles (roads). */
function closedCurve(random: Random, lengthM: number) {
  const lobes = [2, 3, 4].map((k) => ({ k, amplitude: random.between(0, 0.18), phase: random.between(0, 2 * Math.PI) }));
  const wiggles = Array.from({ length: 4 }, () => ({ k: random.integer(14, 40), amplitude: random.between(0.002, 0.008), phase: random.between(0, 2 * Math.PI) }));
  const terms = [...lobes, ...wiggles];
  const rotation = random.between(0, 2 * Math.PI);
  const samples = 4_096;
  const x = new Float64Array(samples + 1);
  const y = new Float64Array(samples + 1);
  for (let j = 0; j <= samples; j += 1) {
    const theta = (2 * Math.PI * j) / samples;
    let radius = 1;
    for (const term of terms) radius += term.amplitude * Math.cos(term.k * theta + term.phase);
    x[j] = radius * Math.cos(theta + rotation);
    y[j] = radius * Math.sin(theta + rotation);
  }
  let perimeter = 0;
  const cumulative = new Float64Array(samples + 1);
  for (let j = 1; j <= samples; j += 1) {
    perimeter += Math.hypot((x[j] ?? 0) - (x[j - 1] ?? 0), (y[j] ?? 0) - (y[j - 1] ?? 0));
    cumulative[j] = perimeter;
  }
  // Scale to the wanted length and move the curve so that it starts at the origin (home).
  const scale = lengthM / perimeter;
  const x0 = x[0] ?? 0;
  const y0 = y[0] ?? 0;
  for (let j = 0; j <= samples; j += 1) {
    x[j] = ((x[j] ?? 0) - x0) * scale;
    y[j] = ((y[j] ?? 0) - y0) * scale;
    cumulative[j] = (cumulative[j] ?? 0) * scale;
  }
  return { x, y, cumulative };
}

/** Resamples the curve at equal arc-length steps. */
function resample(shape: { x: Float64Array; y: Float64Array; cumulative: Float64Array }, count: number) {
  const eastM = new Float64Array(count);
  const northM = new Float64Array(count);
  let j = 0;
  for (let i = 0; i < count; i += 1) {
    const s = i * SPACING_M;
    while (j < shape.cumulative.length - 2 && (shape.cumulative[j + 1] ?? 0) < s) j += 1;
    const s0 = shape.cumulative[j] ?? 0;
    const s1 = shape.cumulative[j + 1] ?? s0;
    const t = s1 > s0 ? Math.min(1, (s - s0) / (s1 - s0)) : 0;
    eastM[i] = (shape.x[j] ?? 0) + t * ((shape.x[j + 1] ?? 0) - (shape.x[j] ?? 0));
    northM[i] = (shape.y[j] ?? 0) + t * ((shape.y[j + 1] ?? 0) - (shape.y[j] ?? 0));
  }
  return { eastM, northM };
}

/** Central-difference gradient at each sample of a closed loop. */
function gradeOf(altitudeM: Float64Array, spacingM: number): Float64Array {
  const count = altitudeM.length;
  const grade = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    const ahead = altitudeM[(i + 1) % count] ?? 0;
    const behind = altitudeM[(i - 1 + count) % count] ?? 0;
    grade[i] = (ahead - behind) / (2 * spacingM);
  }
  return grade;
}
