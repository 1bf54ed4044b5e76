/**
 * Ride-detail types: context the athlete adds about an activity so Kai judges it by its purpose
 * (spec §3 Ride-detail types; a fixed list of 7, each with id, emoji, title and description).
 * The emoji goes with the type where its text leaves Kairo; on screen the web draws an icon
 * instead, as not every device has an emoji font (ADR 16).
 */
export const rideDetailTypes = [
  'time-crunch',
  'kom-segment',
  'recovery-spin',
  'endurance-builder',
  'structured-workout',
  'social-group',
  'custom-note',
] as const;
export type RideDetailType = (typeof rideDetailTypes)[number];

export interface RideDetailInfo {
  id: RideDetailType;
  emoji: string;
  title: string;
  description: string;
}

export const RIDE_DETAILS: Record<RideDetailType, RideDetailInfo> = {
  'time-crunch': {
    id: 'time-crunch',
    emoji: '⏱️',
    title: 'Time-Crunch',
    description: 'Short on time, but squeezing in purposeful training.',
  },
  'kom-segment': {
    id: 'kom-segment',
    emoji: '🏔️',
    title: 'KOM / Segment Effort',
    description: 'Easy roll-in, then full-gas effort for a segment or climb.',
  },
  'recovery-spin': {
    id: 'recovery-spin',
    emoji: '🌿',
    title: 'Recovery Spin',
    description: 'Light, low-intensity ride to aid recovery and circulation.',
  },
  'endurance-builder': {
    id: 'endurance-builder',
    emoji: '🚴',
    title: 'Endurance Builder',
    description: 'Steady Z2 work, laying the aerobic foundation for big goals.',
  },
  'structured-workout': {
    id: 'structured-workout',
    emoji: '🎯',
    title: 'Structured Workout',
    description: 'Interval-focused session targeting specific zones or skills.',
  },
  'social-group': {
    id: 'social-group',
    emoji: '👥',
    title: 'Social / Group Ride',
    description: 'Riding with others, effort shaped by the group dynamic.',
  },
  'custom-note': {
    id: 'custom-note',
    emoji: '✍️',
    title: 'Custom Note',
    description: 'Add your own context for unique goals or conditions.',
  },
};

/**
 * Details that only make sense on a bike: a KOM, a recovery spin, steady Z2 on the bike (🚴), a
 * group ride. A time-crunched session, a structured workout and a note of one's own fit any sport.
 */
const RIDE_ONLY_DETAILS: ReadonlySet<RideDetailType> = new Set(['kom-segment', 'recovery-spin', 'endurance-builder', 'social-group']);

/** The detail types offered, and accepted, for an activity: all seven on a ride, the sport-neutral ones elsewhere (issue 14). */
export function rideDetailTypesFor(isRide: boolean): RideDetailType[] {
  return rideDetailTypes.filter((type) => isRide || !RIDE_ONLY_DETAILS.has(type));
}

/** The type as text for outside Kairo, e.g. '🌿 Recovery Spin' under a shared subject line. */
export function rideDetailLabel(type: RideDetailType): string {
  const { emoji, title } = RIDE_DETAILS[type];
  return `${emoji} ${title}`;
}
