/**
 * The sample streams of one activity, index-aligned: sample i of every stream was taken at
 * `timeS[i]` seconds after the start. Samples may be irregular (smart recording, pauses); a
 * missing value is null. This is the one shape parsers produce and metrics consume.
 */
export interface ActivityStreams {
  /** Seconds since the activity start, strictly ascending. */
  timeS: number[];
  distanceM?: (number | null)[];
  /** [latitude, longitude] in degrees. */
  latlng?: ([number, number] | null)[];
  altitudeM?: (number | null)[];
  heartrateBpm?: (number | null)[];
  /** Revolutions (cycling) or steps of one foot (running) per minute. */
  cadenceRpm?: (number | null)[];
  powerW?: (number | null)[];
  speedMps?: (number | null)[];
  temperatureC?: (number | null)[];
  /** Whether the athlete was moving at the sample, when the recorder says so. */
  moving?: boolean[];
  /**
   * A pool swim: whether the sample lies in a length swum (true) or in a rest between lengths
   * (false), from the recorder's length messages. Heart-rate average and max count the active
   * seconds only (`heartRateSeconds`, ADR 0019).
   */
  active?: boolean[];
}

export type StreamKey = Exclude<keyof ActivityStreams, 'timeS'>;

/**
 * The streams without their power stream, for power that was estimated rather than measured
 * (scoring's `hasMeasuredPower` decides which): the same object when there is none to drop,
 * otherwise a new one, so streams another reader holds are never changed.
 */
export function withoutPowerStream(streams: ActivityStreams): ActivityStreams {
  if (!streams.powerW) return streams;
  const { powerW: _estimated, ...rest } = streams;
  return rest;
}
