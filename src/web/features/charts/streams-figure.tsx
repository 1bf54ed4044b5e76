import { useMemo } from 'react';
import type { ActivityDetail } from '../../../shared/api/activities.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { activityFamily } from '../../lib/activity-family.ts';
import { useActivityStreams } from './api/activity-streams.ts';
import { ChartFigure } from './chart-figure.tsx';
import { buildStreamPanels } from './stream-panels.ts';
import { StreamsChart } from './lazy-charts.ts';

export const STREAMS_LOADING_HEIGHT_PX = 320;

/** The streams card: loads the activity's samples and stacks a panel per recorded stream. */
export function StreamsFigure({ activity, units }: { activity: ActivityDetail; units: UnitSystem }) {
  const streams = useActivityStreams(activity.id, activity.hasStreams);
  const family = activityFamily(activity);
  const measuredPower = activity.deviceWatts;
  const panels = useMemo(
    () => (streams.data ? buildStreamPanels(streams.data, { family, measuredPower }, units) : null),
    [streams.data, family, measuredPower, units],
  );
  const durationS = streams.data?.timeS.at(-1) ?? activity.elapsedTime;
  const names = panels?.map((panel) => panel.label.toLowerCase()) ?? [];
  const caption =
    names.length > 0 ? `${joinNames(names)} over elapsed time` : 'What the activity recorded over elapsed time';

  const state = !activity.hasStreams
    ? { empty: 'This activity has no recorded streams to chart.' }
    : streams.isError
      ? { empty: 'The streams could not be loaded.' }
      : panels === null
        ? ('loading' as const)
        : panels.length === 0
          ? { empty: 'Nothing to chart: no power, heart rate, speed or altitude was recorded.' }
          : ('ready' as const);

  return (
    <ChartFigure title="Streams" caption={caption} state={state} heightPx={STREAMS_LOADING_HEIGHT_PX}>
      {panels && <StreamsChart panels={panels} durationS={durationS} activityId={activity.id} run={family === 'run'} units={units} />}
    </ChartFigure>
  );
}

/** 'power, heart rate and altitude', capitalised. */
function joinNames(names: string[]): string {
  const text = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
