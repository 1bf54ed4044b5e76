import { useEffect, useRef } from 'react';
import { circleMarker, map as leafletMap, polyline, tileLayer } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { readChartPalette } from '../charts/index.ts';

interface RouteMapProps {
  track: [number, number][];
  /** Null: no tiles (MAP_TILE_URL=off), the track on the card's own background. */
  tileUrl: string | null;
  attribution: string;
  label: string;
}

/**
 * The route on a Leaflet map (its own chunk, loaded only for an activity with GPS). The track is
 * an SVG line that needs no tile: where tiles cannot load (offline, a test) the line still draws,
 * on the map's plain background, since Leaflet keeps a tile hidden until it has loaded.
 */
export default function RouteMap({ track, tileUrl, attribution, label }: RouteMapProps) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current || track.length < 2) return;
    const palette = readChartPalette();
    const map = leafletMap(container.current, { scrollWheelZoom: false, attributionControl: tileUrl !== null });
    if (tileUrl) tileLayer(tileUrl, { attribution, maxZoom: 18 }).addTo(map);
    const line = polyline(track, { color: palette.accent, weight: 3, opacity: 0.95 }).addTo(map);
    circleMarker(track[0]!, { radius: 5, color: palette.surface, weight: 2, fillColor: palette.accent, fillOpacity: 1 }).bindTooltip('Start').addTo(map);
    circleMarker(track.at(-1)!, { radius: 5, color: palette.surface, weight: 2, fillColor: palette.danger, fillOpacity: 1 }).bindTooltip('Finish').addTo(map);
    map.fitBounds(line.getBounds(), { padding: [16, 16] });
    return () => {
      map.remove();
    };
  }, [track, tileUrl, attribution]);
  // Leaflet's own light grey would glare in the dark theme where no tile covers it.
  return <div ref={container} role="region" aria-label={label} className="h-72 w-full overflow-hidden rounded-lg sm:h-96" style={{ background: 'var(--color-bg)' }} />;
}
