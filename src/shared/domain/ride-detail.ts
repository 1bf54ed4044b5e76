/**
 * Ride-detail types: context the athlete adds about an activity so Kai judges it by its purpose
 * (spec §3 Ride-detail types; a fixed list of 7). The spec names ids, titles and descriptions; the
 * web draws each type's icon.
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
  title: string;
  description: string;
}

export const RIDE_DETAILS: Record<RideDetailType, RideDetailInfo> = {
  'time-crunch': {
    id: 'time-crunch',
    title: 'Time-Crunch',
    description: 'Short on time, but squeezing in purposeful training.',
  },
  'kom-segment': {
    id: 'kom-segment',
    title: 'KOM / Segment Effort',
    description: 'Easy roll-in, then full-gas effort for a segment or climb.',
  },
  'recovery-spin': {
    id: 'recovery-spin',
    title: 'Recovery Spin',
    description: 'Light, low-intensity ride to aid recovery and circulation.',
  },
  'endurance-builder': {
    id: 'endurance-builder',
    title: 'Endurance Builder',
    description: 'Steady Z2 work, laying the aerobic foundation for big goals.',
  },
  'structured-workout': {
    id: 'structured-workout',
    title: 'Structured Workout',
    description: 'Interval-focused session targeting specific zones or skills.',
  },
  'social-group': {
    id: 'social-group',
    title: 'Social / Group Ride',
    description: 'Riding with others, effort shaped by the group dynamic.',
  },
  'custom-note': {
    id: 'custom-note',
    title: 'Custom Note',
    description: 'Add your own context for unique ride goals or conditions.',
  },
};
