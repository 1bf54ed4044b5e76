import { gzipSync } from 'node:zlib';

/**
 * A GPX ride as a Garmin would write it at one point a second: position moving north-east at
 * about 8 m/s, elevation, heart rate and power in Garmin's extensions. 264,000 points (73 h) is
 * the file of issue 16 item 1: 60 MB unpacked, 2.6 MB gzipped. The text is built in parts, so
 * even that one never sits in memory as one string.
 */
export function bigGpx(points: number, options: { startMs?: number; stepS?: number } = {}): Buffer {
  const startMs = options.startMs ?? Date.UTC(2025, 5, 1, 6);
  const stepS = options.stepS ?? 1;
  const parts: Buffer[] = [
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Kairo test" xmlns="http://www.topografix.com/GPX/1/1" ' +
        'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">\n<metadata><name>Big ride</name></metadata>\n' +
        '<trk><name>Big ride</name><type>cycling</type><trkseg>\n',
    ),
  ];
  let lines: string[] = [];
  for (let index = 0; index < points; index++) {
    const lat = (46 + index * 0.00005).toFixed(7);
    const lon = (14 + index * 0.00005).toFixed(7);
    const time = new Date(startMs + index * stepS * 1000).toISOString().replace('.000Z', 'Z');
    const ele = (300 + 50 * Math.sin(index / 600)).toFixed(1);
    const hr = 130 + (index % 20);
    // Steady riding with surges, as a power meter records it, not a pattern repeating exactly.
    const powerW = Math.round(210 + 40 * Math.sin(index / 97) + 25 * Math.sin(index / 13.7) + ((index * 7919) % 31));
    lines.push(
      `<trkpt lat="${lat}" lon="${lon}"><ele>${ele}</ele><time>${time}</time><extensions><power>${powerW}</power>` +
        `<gpxtpx:TrackPointExtension><gpxtpx:hr>${hr}</gpxtpx:hr><gpxtpx:cad>90</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions></trkpt>\n`,
    );
    if (lines.length === 10_000) {
      parts.push(Buffer.from(lines.join('')));
      lines = [];
    }
  }
  parts.push(Buffer.from(lines.join('')), Buffer.from('</trkseg></trk>\n</gpx>\n'));
  return Buffer.concat(parts);
}

/** The same, gzipped, as the upload was. */
export function bigGpxGz(points: number, options?: { startMs?: number; stepS?: number }): Buffer {
  return gzipSync(bigGpx(points, options));
}
