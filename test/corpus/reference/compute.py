#!/usr/bin/env python3
"""Reference figures for the device corpus, computed independently of Kairo's TypeScript code.

Standard library only: a minimal FIT decoder (definition and data messages, compressed timestamps,
developer fields skipped, chained files, a file cut short read up to its last complete message),
TCX and GPX through xml.etree. Definitions (docs/decisions/0019-sample-cleaning-and-one-figure.md):

- Cleaning: heart rate outside 25-250 bpm, power above 2500 W and cadence above 250 rpm are
  missing readings. Samples whose time is not after the previous sample's are dropped.
- A 1 Hz grid from the first to the last sample. A gap between samples longer than the pause
  threshold (10 s, or 4 x the median sampling interval when sparser) is a pause: its inner seconds
  are not recorded.
- Heart rate: linear between readings no further apart than the pause threshold; average over the
  recorded seconds that have one; max of the readings.
- Pool swims (FIT with `length` messages): heart rate over the ACTIVE lengths only, the rests
  between them (idle lengths) left out, as a swimmer (and the watch, and Strava) judges a swim.
  The average is time-weighted like everywhere else: each whole second t with
  start <= t < start + total_elapsed_time of an active length counts once, its heart rate linear
  between the readings around it (no further apart than the pause threshold); the max is the
  highest reading inside an active length. Time-weighted, not the mean of the readings: a strap
  sends a reading per beat, so the readings are denser when the heart beats faster and their mean
  counts hard seconds more than once; the time-weighted average is beats per minute swum. The
  readings are the HR messages where the watch keeps them (see `hr_readings`: the beats of the
  strap, stored under water and sent in FIT files chained after the activity), else the records'.
  The watch's own figure stays under `device` (the 735XT: 142, the mean of the readings).
- Other files that keep heart rate in HR messages (the 920XT triathlon) take the device's session
  figures: this script does not split those readings into a multisport file's legs.
- Power: a second between two consecutive records (samples) that both carry power, no further
  apart than the pause threshold, is interpolated between them (unsampled, as in smart recording;
  0 W readings included). Otherwise a second between two power readings at most 3 s apart, both
  above 0 W, is interpolated (a dropout inside pedalling); any other second without a reading is
  0 W (coasting: the records there carry no power).
  Average over the recorded seconds; NP = fourth root of the mean fourth power of the trailing 30 s
  means over the recorded seconds joined across pauses, from the first full window; TSS =
  recorded seconds x NP^2 / (FTP^2 x 3600) x 100 with FTP = 250 W.
- Multisport files: one entry per leg (a session whose sport is not transition), from its
  session's start to the next session's start; the records before the first start belong to the
  first leg (ADR 0020 as amended by ADR 0064).
- Distance: the last cumulative distance the device recorded; else the haversine sum of positions.
  Pool swims: active lengths x pool length. A multisport leg: from the cumulative distance at its
  start to that at the next leg's start; a transition (tens of metres): the device's figure.
- Elapsed time: the larger of the session's total_elapsed_time and last - first sample.
- Moving time: the session's (TCX: the laps') timer time where the file states it (pool swims:
  the active lengths' timer time); else the sum of sample intervals whose average speed
  is at least 0.5 m/s, however long (a sparse track is still moving), leaving out, where the
  distance is summed from positions, standstills: stretches of 15 s or more whose positions stay
  within 5 m of the first (GPS wander at rest, ADR 0065); without distance, the
  intervals within the pause threshold that end with power or cadence above 0, also where the file
  states a timer (a trainer's timer runs through a break in pedalling).
- Elevation gain (docs/decisions/0063-elevation-gain.md): the device's own total ascent where the
  file states it (FIT session total_ascent, else the sum of its laps' total_ascent), since that is what the athlete's unit showed. Else a
  rule of this script's own, unlike Kairo's (which smooths in time and works per sample): the
  altitude as a function of distance (the recorded cumulative distance, else the haversine sum;
  readings at a distance already passed, standing still, are averaged into one), linearly
  interpolated onto a 10 m grid, smoothed by a centred 50 m moving average (5 grid points), then
  GoldenCheetah-style hysteresis: the reference altitude starts at the first point; a point 1 m or
  more above it adds the difference and becomes the reference, a point 1 m or more below it
  becomes the reference. GPS altitude (the RMS of the 10 m profile around its centred 200 m
  moving average above 2 m) is smoothed over 300 m with a 5 m threshold instead. Without distance
  the time axis stands in for it (1 s as 1 m). The thresholds were chosen against the device
  figures of the files that state one (median difference 7 %), not against Kairo.

Run from the repository root:  python3 test/corpus/reference/compute.py
It reads the recordings from the shared fixtures (KAIRO_FIXTURES, else ../shared/fixtures beside the
clone; Kairo commits none of them) and rewrites test/corpus/reference/reference.json.
"""
import bisect
import json
import math
import os
import struct
import sys
import xml.etree.ElementTree as ET
from datetime import datetime, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, '..', '..', '..'))
FIXTURES = os.path.abspath(os.environ.get('KAIRO_FIXTURES') or os.path.join(REPO, '..', 'shared', 'fixtures'))
DEVICES = os.path.join(FIXTURES, 'devices')
FTP_W = 250.0
FIT_EPOCH_S = 631065600  # 1989-12-31T00:00:00Z in Unix seconds

# base type id -> (struct code, size, invalid value)
BASE_TYPES = {
    0x00: ('B', 1, 0xFF), 0x01: ('b', 1, 0x7F), 0x02: ('B', 1, 0xFF), 0x83: ('h', 2, 0x7FFF),
    0x84: ('H', 2, 0xFFFF), 0x85: ('i', 4, 0x7FFFFFFF), 0x86: ('I', 4, 0xFFFFFFFF),
    0x88: ('f', 4, None), 0x89: ('d', 8, None), 0x0A: ('B', 1, 0x00), 0x8B: ('H', 2, 0x0000),
    0x8C: ('I', 4, 0x00000000), 0x8E: ('q', 8, 0x7FFFFFFFFFFFFFFF), 0x8F: ('Q', 8, 0xFFFFFFFFFFFFFFFF),
    0x90: ('Q', 8, 0),
}

MESG_RECORD, MESG_SESSION, MESG_LAP, MESG_LENGTH, MESG_HR = 20, 18, 19, 101, 132


def decode_fit(data):
    """Returns (messages, truncated): messages as (global number, {field number: value})."""
    messages = []
    truncated = False
    pos = 0
    while pos + 12 <= len(data):
        header_size = data[pos]
        if data[pos + 8:pos + 12] != b'.FIT':
            break
        data_size = struct.unpack_from('<I', data, pos + 4)[0]
        end = pos + header_size + data_size
        if end + 2 > len(data):
            truncated = True
            end = len(data)
        ok = decode_fit_records(data, pos + header_size, end, messages)
        if not ok:
            truncated = True
            break
        pos = end + 2
    return messages, truncated


def decode_fit_records(data, pos, end, messages):
    definitions = {}
    last_timestamp = None
    while pos < end:
        header = data[pos]
        pos += 1
        if header & 0x80:
            local = (header >> 5) & 0x03
            offset = header & 0x1F
            if last_timestamp is None:
                return False
            timestamp = (last_timestamp & ~0x1F) + offset
            if offset < (last_timestamp & 0x1F):
                timestamp += 0x20
            last_timestamp = timestamp
            message = data_message(data, pos, end, definitions.get(local))
            if message is None:
                return False
            global_number, fields, size = message
            pos += size
            fields[253] = timestamp
            messages.append((global_number, fields))
            continue
        local = header & 0x0F
        if header & 0x40:
            if pos + 5 > end:
                return False
            big_endian = data[pos + 1] == 1
            global_number = struct.unpack_from('>H' if big_endian else '<H', data, pos + 2)[0]
            count = data[pos + 4]
            pos += 5
            if pos + 3 * count > end:
                return False
            field_defs = [(data[pos + 3 * i], data[pos + 3 * i + 1], data[pos + 3 * i + 2]) for i in range(count)]
            pos += 3 * count
            dev_size = 0
            if header & 0x20:
                if pos + 1 > end:
                    return False
                dev_count = data[pos]
                pos += 1
                if pos + 3 * dev_count > end:
                    return False
                dev_size = sum(data[pos + 3 * i + 1] for i in range(dev_count))
                pos += 3 * dev_count
            definitions[local] = {'global': global_number, 'big': big_endian, 'fields': field_defs, 'dev': dev_size}
        else:
            message = data_message(data, pos, end, definitions.get(local))
            if message is None:
                return False
            global_number, fields, size = message
            pos += size
            if 253 in fields and fields[253] is not None:
                last_timestamp = fields[253]
            messages.append((global_number, fields))
    return True


def data_message(data, pos, end, definition):
    """A data message at pos under its local definition: (global message number, fields, size), or None
    when no definition came before it or the message runs past the end."""
    if definition is None:
        return None
    fields, size = read_fields(data, pos, end, definition)
    if fields is None:
        return None
    return definition['global'], fields, size


def read_fields(data, pos, end, definition):
    size = sum(f[1] for f in definition['fields']) + definition['dev']
    if pos + size > end:
        return None, 0
    fields = {}
    prefix = '>' if definition['big'] else '<'
    at = pos
    arrays = definition['global'] == MESG_HR
    for number, field_size, base in definition['fields']:
        kind = BASE_TYPES.get(base)
        if arrays and number in HR_ARRAY_FIELDS:
            fields[number] = hr_array_field(data, at, field_size, prefix, kind)
        elif kind is not None and field_size == kind[1]:
            value = struct.unpack_from(prefix + kind[0], data, at)[0]
            invalid = kind[2]
            if invalid is not None and value == invalid:
                value = None
            if isinstance(value, float) and not math.isfinite(value):
                value = None
            fields[number] = value
        at += field_size
    return fields, size


# HR message fields kept as arrays: filtered_bpm (uint8), event_timestamp (uint32, 1/1024 s),
# event_timestamp_12 (bytes: 12-bit event timestamps packed two to three bytes).
HR_FILTERED_BPM, HR_EVENT_TIMESTAMP, HR_EVENT_TIMESTAMP_12 = 6, 9, 10
HR_ARRAY_FIELDS = (HR_FILTERED_BPM, HR_EVENT_TIMESTAMP, HR_EVENT_TIMESTAMP_12)


def hr_array_field(data, at, field_size, prefix, kind):
    """An HR message's array field: its values (invalid ones None), or the raw bytes of a byte array."""
    if kind is None:
        return bytes(data[at:at + field_size])
    count = field_size // kind[1]
    values = list(struct.unpack_from(prefix + kind[0] * count, data, at))
    return [None if kind[2] is not None and value == kind[2] else value for value in values]


def hr_readings(messages):
    """Heart rate kept in HR messages (swim watches store the strap's beats and send them after
    the swim): (Unix time, bpm) for each beat reading, in order.

    Each message holds up to 8 readings: filtered_bpm and their event times, in 1/1024 s of the
    strap's own clock, either whole (event_timestamp, uint32) or packed as the low 12 bits of each
    (event_timestamp_12: 8 x 12 bits little-endian in 12 bytes), each carried on from the one
    before and rolling over at 4096. A message with a timestamp anchors that clock: its timestamp
    plus fractional_timestamp (1/32768 s) or time256 (1/256 s) is the time of its first event. Each
    FIT file chained after the activity starts with such an anchor; readings before the first
    anchor cannot be placed and are left out.
    """
    readings = []
    anchor = None
    last_event = None
    for number, fields in messages:
        if number != MESG_HR:
            continue
        events = []
        whole = fields.get(HR_EVENT_TIMESTAMP)
        packed = fields.get(HR_EVENT_TIMESTAMP_12)
        if whole is not None:
            events = [value for value in (whole if isinstance(whole, list) else [whole]) if value is not None]
        elif packed is not None and last_event is not None:
            bits = int.from_bytes(packed, 'little')
            for index in range(len(packed) * 8 // 12):
                low = (bits >> (12 * index)) & 0xFFF
                last_event = last_event + ((low - last_event) & 0xFFF)
                events.append(last_event)
        if events:
            last_event = events[-1]
        if fields.get(253) is not None and events:
            if fields.get(0) is not None:
                fraction = fields[0] / 32768
            elif fields.get(1) is not None:
                fraction = fields[1] / 256
            else:
                fraction = 0.0
            anchor = (fields[253] + FIT_EPOCH_S + fraction, events[0])
        bpms = fields.get(HR_FILTERED_BPM)
        bpms = bpms if isinstance(bpms, list) else [bpms]
        if anchor is None:
            continue
        for event, bpm in zip(events, bpms):
            if bpm is not None:
                readings.append((anchor[0] + (event - anchor[1]) / 1024, bpm))
    return readings


def scaled(fields, number, scale=1.0, offset=0.0):
    value = fields.get(number)
    return None if value is None else value / scale - offset


def fit_activity(path):
    with open(path, 'rb') as handle:
        messages, truncated = decode_fit(handle.read())
    samples = []
    sessions = []
    lengths = []
    laps = []
    for number, fields in messages:
        if number == MESG_RECORD and fields.get(253) is not None:
            lat, lng = fields.get(0), fields.get(1)
            samples.append({
                't': fields[253] + FIT_EPOCH_S,
                'latlng': None if lat is None or lng is None else (lat * 180 / 2 ** 31, lng * 180 / 2 ** 31),
                'alt': scaled(fields, 78, 5, 500) if fields.get(78) is not None else scaled(fields, 2, 5, 500),
                'dist': scaled(fields, 5, 100),
                'speed': scaled(fields, 73, 1000) if fields.get(73) is not None else scaled(fields, 6, 1000),
                'hr': fields.get(3),
                'cad': fields.get(4),
                'power': fields.get(7),
            })
        elif number == MESG_SESSION:
            sessions.append({
                'sport': fields.get(5),
                'subSport': fields.get(6),
                'startS': None if fields.get(2) is None else fields[2] + FIT_EPOCH_S,
                'elapsedS': scaled(fields, 7, 1000),
                'timerS': scaled(fields, 8, 1000),
                'distanceM': scaled(fields, 9, 100),
                'ascentM': fields.get(22),
                'avgHrBpm': fields.get(16),
                'maxHrBpm': fields.get(17),
                'avgPowerW': fields.get(20),
                'maxPowerW': fields.get(21),
                'npW': fields.get(34),
                'poolLengthM': scaled(fields, 44, 100),
            })
        elif number == MESG_LAP:
            laps.append({'startS': None if fields.get(2) is None else fields[2] + FIT_EPOCH_S, 'ascentM': fields.get(21)})
        elif number == MESG_LENGTH:
            lengths.append({
                'startS': None if fields.get(2) is None else fields[2] + FIT_EPOCH_S,
                'elapsedS': scaled(fields, 3, 1000),
                'timerS': scaled(fields, 4, 1000),
                'active': fields.get(12) == 1,
                'strokes': fields.get(5),
            })
    has_hr_messages = any(number == MESG_HR for number, _ in messages)
    heart = hr_readings(messages) if has_hr_messages else None
    return samples, sessions, lengths, laps, truncated, heart


def xml_local(tag):
    return tag.rsplit('}', 1)[-1]


def parse_time(text):
    text = text.strip().replace('Z', '+00:00')
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.timestamp()


def child_text(element, name):
    for child in element.iter():
        if xml_local(child.tag) == name and child.text is not None and child.text.strip():
            return child.text.strip()
    return None


def number_or_none(text):
    try:
        return float(text) if text is not None else None
    except ValueError:
        return None


def gpx_activity(path):
    samples = []
    for point in ET.parse(path).getroot().iter():
        if xml_local(point.tag) != 'trkpt':
            continue
        when = child_text(point, 'time')
        if when is None:
            continue
        samples.append({
            't': parse_time(when),
            'latlng': (float(point.get('lat')), float(point.get('lon'))),
            'alt': number_or_none(child_text(point, 'ele')),
            'dist': None, 'speed': None,
            'hr': number_or_none(child_text(point, 'hr')),
            'cad': number_or_none(child_text(point, 'cad')),
            'power': number_or_none(child_text(point, 'power')),
        })
    return samples


def tcx_activity(path):
    samples = []
    root = ET.parse(path).getroot()
    timer_s = None
    for lap in root.iter():
        if xml_local(lap.tag) == 'Lap':
            for child in lap:
                if xml_local(child.tag) == 'TotalTimeSeconds' and child.text:
                    timer_s = (timer_s or 0) + float(child.text)
    for point in root.iter():
        if xml_local(point.tag) != 'Trackpoint':
            continue
        when = child_text(point, 'Time')
        if when is None:
            continue
        lat = number_or_none(child_text(point, 'LatitudeDegrees'))
        lng = number_or_none(child_text(point, 'LongitudeDegrees'))
        heart = None
        for child in point:
            if xml_local(child.tag) == 'HeartRateBpm':
                heart = number_or_none(child_text(child, 'Value'))
        samples.append({
            't': parse_time(when),
            'latlng': None if lat is None or lng is None else (lat, lng),
            'alt': number_or_none(child_text(point, 'AltitudeMeters')),
            'dist': number_or_none(child_text(point, 'DistanceMeters')),
            'speed': number_or_none(child_text(point, 'Speed')),
            'hr': heart,
            'cad': number_or_none(child_text(point, 'Cadence')) or number_or_none(child_text(point, 'RunCadence')),
            'power': number_or_none(child_text(point, 'Watts')),
        })
    return samples, timer_s


def clean(samples):
    ordered = []
    for sample in samples:
        if ordered and sample['t'] <= ordered[-1]['t']:
            if sample['t'] == ordered[-1]['t']:
                kept = ordered[-1]
                for key, value in sample.items():
                    if kept.get(key) is None:
                        kept[key] = value
            continue
        ordered.append(dict(sample))
    for sample in ordered:
        if sample['hr'] is not None and not 25 <= sample['hr'] <= 250:
            sample['hr'] = None
        if sample['power'] is not None and (sample['power'] > 2500 or sample['power'] < 0):
            sample['power'] = None
        if sample['cad'] is not None and sample['cad'] > 250:
            sample['cad'] = None
    return ordered


def pause_threshold_s(times):
    gaps = sorted(b - a for a, b in zip(times, times[1:]))
    if not gaps:
        return 10.0
    return max(10.0, 4 * gaps[len(gaps) // 2])


def haversine_m(a, b):
    radius_m = 6371008.8
    lat1, lng1, lat2, lng2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lng2 - lng1) / 2) ** 2
    return 2 * radius_m * math.asin(math.sqrt(min(1.0, h)))


def readings(samples, key):
    return [(s['t'], s[key]) for s in samples if s[key] is not None]


def figures(samples, session_elapsed_s=None, session_timer_s=None, ride=False):
    start = samples[0]['t']
    times = [s['t'] for s in samples]
    threshold = pause_threshold_s(times)
    length = int(math.floor(times[-1] - start + 1e-9)) + 1
    recorded = [True] * length
    for a, b in zip(times, times[1:]):
        if b - a > threshold:
            k = int(math.floor(a - start)) + 1
            while k < length and start + k < b:
                recorded[k] = False
                k += 1
    result = {}

    # Distance
    distances = [s['dist'] for s in samples if s['dist'] is not None]
    points = [s['latlng'] for s in samples if s['latlng'] is not None]
    if distances and max(distances) > 0:
        result['distanceM'] = max(distances)
        cumulative = []
        running = None
        for s in samples:
            if s['dist'] is not None:
                running = s['dist'] if running is None else max(running, s['dist'])
            cumulative.append(running)
    elif len(points) > 1:
        total = 0.0
        cumulative = []
        previous = None
        for s in samples:
            if s['latlng'] is not None:
                if previous is not None:
                    total += haversine_m(previous, s['latlng'])
                previous = s['latlng']
            cumulative.append(total if previous is not None else None)
        result['distanceM'] = total
    else:
        cumulative = None
        result['distanceM'] = max(distances) if distances else None

    # Elapsed and moving time
    span_s = times[-1] - start
    result['elapsedTimeS'] = max(span_s, session_elapsed_s or 0)
    # Without any distance (a trainer) the seconds of effort are the moving time even where a timer
    # ran: a timer cannot tell a break in pedalling (ADR 0065).
    effort_only = not result.get('distanceM') and any((s['power'] or 0) > 0 or (s['cad'] or 0) > 0 for s in samples)
    if session_timer_s is not None and not effort_only:
        result['movingTimeS'] = session_timer_s
    else:
        moving = 0.0
        standing = standstill_intervals(samples) if cumulative is not None else set()
        for i in range(1, len(samples)):
            dt = samples[i]['t'] - samples[i - 1]['t']
            if cumulative is not None and result['distanceM']:
                a, b = cumulative[i - 1], cumulative[i]
                if a is not None and b is not None and (b - a) / dt >= 0.5 and i not in standing:
                    moving += dt
            elif dt <= threshold:
                s = samples[i]
                if (s['power'] or 0) > 0 or (s['cad'] or 0) > 0:
                    moving += dt
        result['movingTimeS'] = moving

    # Heart rate
    hr = readings(samples, 'hr')
    if hr:
        values = interpolate(hr, start, length, threshold)
        present = [v for k, v in enumerate(values) if recorded[k] and v is not None]
        result['averageHeartrateBpm'] = sum(present) / len(present) if present else None
        result['maxHeartrateBpm'] = max(v for _, v in hr)
    else:
        result['averageHeartrateBpm'] = result['maxHeartrateBpm'] = None

    # Power
    power = readings(samples, 'power')
    if power and max(v for _, v in power) > 0:
        watts = power_per_second(samples, start, length, threshold)
        kept = [w for k, w in enumerate(watts) if recorded[k]]
        result['averagePowerW'] = sum(kept) / len(kept)
        result['maxPowerW'] = max(v for _, v in power)
        window = []
        total = 0.0
        fourth = []
        for w in kept:
            window.append(w)
            total += w
            if len(window) > 30:
                total -= window.pop(0)
            if len(window) == 30:
                fourth.append((total / 30) ** 4)
        np_w = (sum(fourth) / len(fourth)) ** 0.25 if fourth else None
        result['normalizedPowerW'] = np_w
        result['tss'] = None if np_w is None or not ride else len(kept) * np_w * np_w / (FTP_W * FTP_W * 3600) * 100
    else:
        result['averagePowerW'] = result['maxPowerW'] = result['normalizedPowerW'] = result['tss'] = None

    # Elevation gain: the device's stated ascent replaces this where the file states one.
    result['elevationGainM'], result['elevationAltitude'] = distance_profile_gain_m(samples)
    return result


def standstill_intervals(samples):
    """The intervals (i: from sample i-1 to sample i) in which the athlete stood while the GPS
    wandered (ADR 0065): a stretch of at least 15 s whose positions all lie within 5 m of its first
    position. Scanned from each stretch's first position; a sample without one neither ends nor
    extends a stretch."""
    standing = set()
    i = 0
    while i < len(samples) - 1:
        origin = samples[i]['latlng']
        if origin is None:
            i += 1
            continue
        end = i
        for j in range(i + 1, len(samples)):
            point = samples[j]['latlng']
            if point is None:
                continue
            if haversine_m(origin, point) > 5:
                break
            end = j
        if samples[end]['t'] - samples[i]['t'] >= 15:
            standing.update(range(i + 1, end + 1))
            i = end
        else:
            i += 1
    return standing


def on_grid(series, start, length, fill, between):
    """Each second of the grid: the reading at it, else between(t0, v0, t1, v1, t) for the two
    readings around it (None: no value), else `fill`."""
    out = [fill] * length
    j = 0
    for k in range(length):
        t = start + k
        while j + 1 < len(series) and series[j + 1][0] <= t:
            j += 1
        t0, v0 = series[j]
        if t0 == t:
            out[k] = v0
        elif t0 < t and j + 1 < len(series):
            t1, v1 = series[j + 1]
            value = between(t0, v0, t1, v1, t)
            if value is not None:
                out[k] = value
    return out


def linear(t0, v0, t1, v1, t):
    return v0 + (v1 - v0) * (t - t0) / (t1 - t0)


def interpolate(series, start, length, threshold):
    return on_grid(series, start, length, None,
                   lambda t0, v0, t1, v1, t: linear(t0, v0, t1, v1, t) if t1 - t0 <= threshold else None)


def power_per_second(samples, start, length, threshold):
    """Between consecutive records that both carry power: linear (up to the pause threshold).
    Elsewhere missing power is 0 W, except a dropout of 3 s or less between two pedalling readings."""
    times = [s['t'] for s in samples]
    dropout = on_grid(readings(samples, 'power'), start, length, 0.0,
                      lambda t0, v0, t1, v1, t: linear(t0, v0, t1, v1, t) if t1 - t0 <= 3 and v0 > 0 and v1 > 0 else None)
    out = []
    for k in range(length):
        t = start + k
        i = bisect.bisect_right(times, t) - 1  # the record at or before t
        if 0 <= i < len(samples) - 1 and times[i] < t:
            a, b = samples[i], samples[i + 1]
            if a['power'] is not None and b['power'] is not None and b['t'] - a['t'] <= threshold:
                out.append(linear(a['t'], a['power'], b['t'], b['power'], t))
                continue
        out.append(dropout[k])
    return out


PROFILE_STEP_M = 10.0
PROFILE_WINDOW_M = 50.0
PROFILE_HYSTERESIS_M = 1.0
GPS_ROUGHNESS_M = 2.0
GPS_PROFILE_WINDOW_M = 300.0
GPS_PROFILE_HYSTERESIS_M = 5.0


def distance_profile_gain_m(samples):
    """Elevation gain by this script's own rule (see the docstring at the top), and whether the
    altitude reads as 'gps' or 'barometric'; (None, None) without altitude."""
    points = []
    travelled = 0.0
    previous = None
    has_distance = any(s['dist'] is not None for s in samples)
    has_track = any(s['latlng'] is not None for s in samples)
    for s in samples:
        if has_distance:
            along = s['dist']
        elif has_track:
            if s['latlng'] is not None:
                if previous is not None:
                    travelled += haversine_m(previous, s['latlng'])
                previous = s['latlng']
            along = travelled if s['latlng'] is not None else None
        else:
            along = s['t'] - samples[0]['t']
        if along is not None and s['alt'] is not None:
            points.append((along, s['alt']))
    if not points:
        return None, None
    # Readings at a distance already reached (standing still, or a distance going backwards) are averaged in.
    xs, groups = [], []
    for along, alt in points:
        if xs and along <= xs[-1]:
            groups[-1].append(alt)
        else:
            xs.append(along)
            groups.append([alt])
    ys = [sum(group) / len(group) for group in groups]
    if len(xs) == 1:
        return 0.0, 'barometric'
    grid = []
    j = 0
    position = xs[0]
    while position <= xs[-1] + 1e-9:
        while j + 1 < len(xs) - 1 and xs[j + 1] < position:
            j += 1
        x0, x1 = xs[j], xs[j + 1]
        grid.append(ys[j] + (ys[j + 1] - ys[j]) * (min(position, x1) - x0) / (x1 - x0))
        position += PROFILE_STEP_M
    gps = roughness_m(grid) > GPS_ROUGHNESS_M
    window = GPS_PROFILE_WINDOW_M if gps else PROFILE_WINDOW_M
    threshold = GPS_PROFILE_HYSTERESIS_M if gps else PROFILE_HYSTERESIS_M
    gain = reference_point_gain_m(moving_average(grid, max(1, round(window / PROFILE_STEP_M))), threshold)
    return gain, 'gps' if gps else 'barometric'


def moving_average(values, width):
    """Centred mean over `width` points, the ends held at their first and last values."""
    before = width // 2
    after = width - 1 - before
    padded = [values[0]] * before + list(values) + [values[-1]] * after
    out = []
    total = sum(padded[:width])
    for i in range(len(values)):
        out.append(total / width)
        if i + width < len(padded):
            total += padded[i + width] - padded[i]
    return out


def roughness_m(grid):
    """RMS of the 10 m profile around its centred 200 m moving average."""
    smooth = moving_average(grid, 21)
    return math.sqrt(sum((a - b) ** 2 for a, b in zip(grid, smooth)) / len(grid))


def reference_point_gain_m(values, threshold):
    """GoldenCheetah-style: climbing is counted in steps of at least `threshold` from a reference
    point, which follows the altitude down once it falls `threshold` below it."""
    gain = 0.0
    reference = values[0]
    for value in values[1:]:
        if value - reference >= threshold:
            gain += value - reference
            reference = value
        elif reference - value >= threshold:
            reference = value
    return gain


def stated_elevation(entry, session, laps=()):
    """The device's own total ascent, where the file states one (the session's, else the sum of
    its laps' that state one), is the reference (what the athlete's unit showed); this script's
    rule stays as `computedElevationGainM`."""
    entry['computedElevationGainM'] = entry.get('elevationGainM')
    lap_ascents = [lap['ascentM'] for lap in laps if lap['ascentM'] is not None]
    if session is not None and session['ascentM'] is not None:
        entry['elevationGainM'] = float(session['ascentM'])
        entry['elevationGainFrom'] = 'device'
    elif lap_ascents:
        entry['elevationGainM'] = float(sum(lap_ascents))
        entry['elevationGainFrom'] = 'device'
    else:
        entry['elevationGainFrom'] = 'reference rule' if entry.get('elevationGainM') is not None else None


def rounded(values):
    return {k: (round(v, 3) if isinstance(v, float) else v) for k, v in values.items()}


def heart_rate_from_device(entry, session):
    """A multisport file that keeps heart rate in HR messages: this script does not split those
    readings into legs, so the device's session figures are the reference (a pool swim's are
    computed from them: `active_lengths_heart_rate`)."""
    entry['averageHeartrateBpm'] = session['avgHrBpm']
    entry['maxHeartrateBpm'] = session['maxHrBpm']
    entry['heartRateFrom'] = 'device'


def active_lengths_heart_rate(entry, heart, active):
    """A pool swim's heart rate over its active lengths, the rests between them left out: the
    average over the whole seconds t with start <= t < start + elapsed time of an active length,
    each second's heart rate linear between the two readings around it when they are no further
    apart than the pause threshold (else the second has none); the max of the readings in them."""
    ordered = clean([{'t': t, 'hr': bpm, 'power': None, 'cad': None} for t, bpm in heart])
    series = [(s['t'], s['hr']) for s in ordered if s['hr'] is not None]
    spans = sorted((length['startS'], length['startS'] + (length['elapsedS'] or 0)) for length in active
                   if length['startS'] is not None)
    entry['averageHeartrateBpm'] = entry['maxHeartrateBpm'] = None
    if not series or not spans:
        return
    threshold = pause_threshold_s([t for t, _ in series])
    start = math.floor(spans[0][0])
    length = int(math.ceil(spans[-1][1] - start)) + 1
    values = interpolate(series, start, length, threshold)
    seconds = set()
    for begin, end in spans:
        k = max(0, int(math.ceil(begin - start)))
        while start + k < end and k < length:
            seconds.add(k)
            k += 1
    present = [values[k] for k in sorted(seconds) if values[k] is not None]
    within = [bpm for t, bpm in series if any(begin <= t < end for begin, end in spans)]
    entry['averageHeartrateBpm'] = sum(present) / len(present) if present else None
    entry['maxHeartrateBpm'] = max(within) if within else None


def fit_reference(path):
    samples, sessions, lengths, laps, truncated, heart = fit_activity(path)
    has_hr_messages = heart is not None
    samples = clean(samples)
    entry = {'format': 'fit', 'truncated': truncated, 'records': len(samples)}
    active = [length for length in lengths if length['active']]
    pool = next((s['poolLengthM'] for s in sessions if s['poolLengthM']), None)
    if len(sessions) > 1:
        legs = []
        bounds = [session['startS'] for session in sessions[1:]] + [float('inf')]
        # The records before the first session's start (the watch recording before the gun) belong to the first leg.
        begins = [float('-inf')] + [x['startS'] for x in sessions[1:]]
        spans = [[s for s in samples if begin <= s['t'] < finish] for begin, finish in zip(begins, bounds)]
        # A leg's distance runs from the cumulative distance at its start to that at the next leg's start.
        starts_m = [next((s['dist'] for s in span if s['dist'] is not None), None) for span in spans]
        for index, session in enumerate(sessions):
            leg_samples = spans[index]
            leg = {'sport': session['sport'], 'subSport': session['subSport'], 'records': len(leg_samples)}
            if leg_samples:
                leg.update(figures(leg_samples, session['elapsedS'], session['timerS'], session['sport'] == 2))
                end_m = starts_m[index + 1] if index + 1 < len(sessions) else None
                if end_m is None:
                    end_m = max([s['dist'] for s in leg_samples if s['dist'] is not None] or [0])
                if starts_m[index] is not None and index > 0:
                    leg['distanceM'] = end_m - starts_m[index]
                elif starts_m[index] is not None:
                    leg['distanceM'] = end_m
            if session['sport'] == 3 and session['distanceM'] is not None:
                # A transition covers tens of metres, under the resolution of records seconds apart.
                leg['distanceM'] = session['distanceM']
                leg['distanceFrom'] = 'device'
            if has_hr_messages:
                heart_rate_from_device(leg, session)
            stated_elevation(leg, session, [lap for lap in laps if lap['startS'] is not None and begins[index] <= lap['startS'] < bounds[index]])
            leg['device'] = device_figures(session)
            legs.append(rounded(leg))
        # Transitions (sport 3) are no activities (ADR 0020 as amended by ADR 0064): a file of
        # transitions only keeps them.
        races = [leg for leg in legs if leg['sport'] != 3]
        entry['legs'] = races if races else legs
        return entry
    session = sessions[0] if sessions else None
    entry.update(figures(samples, session and session['elapsedS'], session and session['timerS'],
                         session is not None and session['sport'] == 2))
    if session and has_hr_messages:
        heart_rate_from_device(entry, session)
    if active and pool:
        entry['distanceM'] = len(active) * pool
        entry['movingTimeS'] = sum(length['timerS'] or 0 for length in active)
        entry['activeLengths'] = len(active)
        active_lengths_heart_rate(entry, heart if has_hr_messages else readings(samples, 'hr'), active)
        entry['heartRateFrom'] = 'hr messages, active lengths' if has_hr_messages else 'records, active lengths'
    stated_elevation(entry, session, laps)
    if session:
        entry['device'] = device_figures(session)
    return rounded(entry)


def device_figures(session):
    return rounded({
        'elapsedTimeS': session['elapsedS'], 'timerS': session['timerS'], 'distanceM': session['distanceM'],
        'elevationGainM': session['ascentM'], 'averageHeartrateBpm': session['avgHrBpm'],
        'maxHeartrateBpm': session['maxHrBpm'], 'averagePowerW': session['avgPowerW'],
        'maxPowerW': session['maxPowerW'], 'normalizedPowerW': session['npW'],
    })


def main():
    if not os.path.isdir(DEVICES):
        sys.exit(f'no device recordings at {DEVICES}: set KAIRO_FIXTURES to the shared fixtures folder')
    corpus = []
    for folder, _, names in os.walk(DEVICES):
        for name in names:
            if name.lower().endswith(('.fit', '.gpx', '.tcx')):
                corpus.append(os.path.join(folder, name))
    for extra in ('reference-rides/ride_power_elemnt.fit', 'reference-rides/run.gpx'):
        corpus.append(os.path.join(FIXTURES, extra))
    out = {'ftpW': FTP_W, 'files': {}}
    for path in sorted(corpus):
        key = os.path.relpath(path, FIXTURES).replace(os.sep, '/')
        lower = path.lower()
        if lower.endswith('.fit'):
            out['files'][key] = fit_reference(path)
        elif lower.endswith('.gpx'):
            entry = {'format': 'gpx', **figures(clean(gpx_activity(path)), None, None, False)}
            stated_elevation(entry, None)
            out['files'][key] = rounded(entry)
        else:
            samples, timer_s = tcx_activity(path)
            ride = 'Biking' in open(path, encoding='utf-8', errors='replace').read(4096)
            entry = {'format': 'tcx', **figures(clean(samples), None, timer_s, ride)}
            stated_elevation(entry, None)
            out['files'][key] = rounded(entry)
    target = os.path.join(HERE, 'reference.json')
    with open(target, 'w') as handle:
        json.dump(out, handle, indent=2, sort_keys=True)
        handle.write('\n')
    print(f'wrote {len(out["files"])} files to {os.path.relpath(target, REPO)}', file=sys.stderr)


if __name__ == '__main__':
    main()
