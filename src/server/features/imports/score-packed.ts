import type { ActivityMetricsInput } from '../../../metrics/activity-metrics.ts';
import { withoutPowerStream } from '../../../metrics/activity-streams.ts';
import { scoreActivity, type ActivityScore } from '../../../metrics/activity-score.ts';
import { decodeStreams } from '../../db/stream-codec.ts';

/**
 * One activity to score: what `computeActivityMetrics` reads, with its streams as the database
 * stores them (stream-codec.ts). A worker of the activity pool decodes them: the server never holds
 * a long activity's decoded streams (megabytes of arrays) nor copies them to the worker, only its
 * packed streams (a few dozen kilobytes), which move there.
 */
export interface PackedScoreInput extends Omit<ActivityMetricsInput, 'streams'> {
  packedStreams: Uint8Array | null;
  /** Leave the power stream out: it is an estimate, not measured (scoring's `hasMeasuredPower`). */
  withoutPower: boolean;
}

export function scorePacked({ packedStreams, withoutPower, ...input }: PackedScoreInput): ActivityScore {
  const decoded = packedStreams && decodeStreams(packedStreams);
  const streams = decoded && withoutPower ? withoutPowerStream(decoded) : decoded;
  return scoreActivity({ ...input, streams });
}
