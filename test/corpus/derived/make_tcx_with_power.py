#!/usr/bin/env python3
"""Writes derived/garmin-edge810-vector-power.tcx from python-fitparse/garmin-edge810-vector.fit.

The corpus had no real TCX with power (TPX Watts) under a licence that allows it, so this converts
the Edge 810 + Vector ride, record by record, into a TCX as Garmin Connect exports one: one lap with
the session's timer time and distance, each record a trackpoint with position, altitude, distance,
heart rate, cadence and, in the ActivityExtension v2 TPX, speed and watts. A value the record lacks
is left out. Decoded with reference/compute.py's own FIT reader; no Kairo code.

The derived file lives with the shared fixtures (devices/derived/), not in the repository; this
script writes it there, or into the folder given as its one argument.

Run from the repository root:  python3 test/corpus/derived/make_tcx_with_power.py [out-folder]
"""
import os
import sys
from datetime import datetime, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), 'reference'))
import compute  # noqa: E402

SOURCE = os.path.join(compute.DEVICES, 'python-fitparse', 'garmin-edge810-vector.fit')
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(compute.DEVICES, 'derived')
TARGET = os.path.join(OUT, 'garmin-edge810-vector-power.tcx')


def iso(seconds):
    return datetime.fromtimestamp(seconds, tz=timezone.utc).strftime('%Y-%m-%dT%H:%M:%S.000Z')


def number(value, digits):
    return f'{value:.{digits}f}'


def main():
    samples, sessions, _, _, _ = compute.fit_activity(SOURCE)
    write_tcx(samples, sessions[0], TARGET)


def write_tcx(samples, session, target):
    start = samples[0]['t']
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"'
        ' xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2">',
        '  <Activities>',
        '    <Activity Sport="Biking">',
        f'      <Id>{iso(start)}</Id>',
        f'      <Lap StartTime="{iso(start)}">',
        f'        <TotalTimeSeconds>{session["timerS"]:g}</TotalTimeSeconds>',
        f'        <DistanceMeters>{number(session["distanceM"], 2)}</DistanceMeters>',
        '        <Intensity>Active</Intensity>',
        '        <TriggerMethod>Manual</TriggerMethod>',
        '        <Track>',
    ]
    for sample in samples:
        # One trackpoint a line, as some exporters write them, to keep the file small.
        point = [f'<Time>{iso(sample["t"])}</Time>']
        if sample['latlng'] is not None:
            lat, lng = sample['latlng']
            point.append(f'<Position><LatitudeDegrees>{number(lat, 7)}</LatitudeDegrees>'
                         f'<LongitudeDegrees>{number(lng, 7)}</LongitudeDegrees></Position>')
        if sample['alt'] is not None:
            point.append(f'<AltitudeMeters>{number(sample["alt"], 1)}</AltitudeMeters>')
        if sample['dist'] is not None:
            point.append(f'<DistanceMeters>{number(sample["dist"], 2)}</DistanceMeters>')
        if sample['hr'] is not None:
            point.append(f'<HeartRateBpm><Value>{sample["hr"]}</Value></HeartRateBpm>')
        if sample['cad'] is not None:
            point.append(f'<Cadence>{sample["cad"]}</Cadence>')
        extension = []
        if sample['speed'] is not None:
            extension.append(f'<ns3:Speed>{number(sample["speed"], 3)}</ns3:Speed>')
        if sample['power'] is not None:
            extension.append(f'<ns3:Watts>{sample["power"]}</ns3:Watts>')
        if extension:
            point.append(f'<Extensions><ns3:TPX>{"".join(extension)}</ns3:TPX></Extensions>')
        lines.append(f'<Trackpoint>{"".join(point)}</Trackpoint>')
    lines += ['        </Track>', '      </Lap>', '    </Activity>', '  </Activities>', '</TrainingCenterDatabase>', '']
    with open(target, 'w', encoding='utf-8', newline='\n') as handle:
        handle.write('\n'.join(lines))
    print(f'wrote {len(samples)} trackpoints to {os.path.relpath(target)}', file=sys.stderr)


if __name__ == '__main__':
    main()
