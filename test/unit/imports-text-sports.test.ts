import { describe, expect, it } from 'vitest';
import { parseActivityFiles } from '../../src/server/features/imports/parse-activity-file.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** 20 minutes at 3 m/s (a runner's pace), one point a minute heading north, in a TCX of `sport`. */
function tcx(sport: string): Uint8Array {
  const points = Array.from({ length: 21 }, (_, i) => {
    const time = new Date(Date.UTC(2024, 4, 1, 8, i)).toISOString();
    return `<Trackpoint><Time>${time}</Time><DistanceMeters>${i * 180}</DistanceMeters><HeartRateBpm><Value>140</Value></HeartRateBpm></Trackpoint>`;
  }).join('');
  return utf8(
    `<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities><Activity Sport="${sport}"><Id>2024-05-01T08:00:00Z</Id>` +
      `<Lap StartTime="2024-05-01T08:00:00Z"><TotalTimeSeconds>1200</TotalTimeSeconds><DistanceMeters>3600</DistanceMeters><Track>${points}</Track></Lap></Activity></Activities></TrainingCenterDatabase>`,
  );
}

function gpx(type: string | null): Uint8Array {
  const points = Array.from({ length: 21 }, (_, i) => {
    const time = new Date(Date.UTC(2024, 4, 1, 8, i)).toISOString();
    return `<trkpt lat="${46 + i * 0.0016}" lon="14"><time>${time}</time></trkpt>`;
  }).join('');
  const typed = type === null ? '' : `<type>${type}</type>`;
  return utf8(`<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk>${typed}<trkseg>${points}</trkseg></trk></gpx>`);
}

describe('a TCX or GPX that names its sport keeps it, never guessed from speed', () => {
  it("TCX Sport=\"Other\" at a runner's pace is a Workout", async () => {
    const [activity] = await parseActivityFiles('other.tcx', tcx('Other'));
    expect(activity!.sportType).toBe('Workout');
  });

  it('TCX Sport="Running" is a run', async () => {
    const [activity] = await parseActivityFiles('run.tcx', tcx('Running'));
    expect(activity!.sportType).toBe('Run');
  });

  it('GPX type indoor_rowing is an indoor row; an unknown type a Workout', async () => {
    const [row] = await parseActivityFiles('row.gpx', gpx('indoor_rowing'));
    expect(row!.sportType).toBe('Rowing');
    expect(row!.trainer).toBe(true);
    const [unknown] = await parseActivityFiles('x.gpx', gpx('quidditch'));
    expect(unknown!.sportType).toBe('Workout');
  });

  it('a GPX without a type is still guessed from its speed', async () => {
    const [activity] = await parseActivityFiles('run.gpx', gpx(null));
    expect(activity!.sportType).toBe('Run');
  });
});
