import { z } from 'zod';

/**
 * `GET /api/app-info` (public): facts about this Kairo installation that the web app shows
 * before anyone signs in. Kairo is self-hosted, so where athletes send feedback and where updates
 * are posted are the operator's addresses (FEEDBACK_URL, SOCIAL_URL), and absent when unset.
 */

const WEB_ADDRESS = /^https?:\/\/[^\s/?#]+\S*$/i;
const MAIL_ADDRESS = /^mailto:[^\s@?]+@[^\s@?]+(\?\S*)?$/i;

/**
 * Only these schemes: the value becomes a link's href, where a `javascript:` address would run
 * code. The same rules check the setting at boot and the answer in the browser.
 */
export const feedbackAddress = z
  .string()
  .refine((value) => (WEB_ADDRESS.test(value) || MAIL_ADDRESS.test(value)) && URL.canParse(value), 'must be an http(s):// URL or a mailto: address');
export const socialAddress = z.string().refine((value) => WEB_ADDRESS.test(value) && URL.canParse(value), 'must be an http(s):// URL');

/**
 * A map tile server's URL template (Leaflet's: {z}/{x}/{y}, optional {s} and {r}), over http(s)
 * only; the route map loads its tiles from it (MAP_TILE_URL). 'off' draws the track alone, for an
 * installation (or a test) that reaches no tile server.
 */
export const mapTileUrl = z
  .string()
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && ['{z}', '{x}', '{y}'].every((part) => value.includes(part)), 'must be an http(s):// URL template with {z}, {x} and {y}');

/** OpenStreetMap's own tiles, under its tile usage policy (fine for a self-hosted app's light use). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_ATTRIBUTION = '© OpenStreetMap contributors';

export const appInfo = z.object({
  feedbackUrl: feedbackAddress.nullable(),
  socialUrl: socialAddress.nullable(),
  /** tileUrl null: MAP_TILE_URL=off, the track on a plain background. */
  map: z.object({ tileUrl: mapTileUrl.nullable(), attribution: z.string().max(300) }),
});
export type AppInfo = z.infer<typeof appInfo>;
