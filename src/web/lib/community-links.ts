/**
 * The name a link to the operator's social account goes by, 'instagram.com' for
 * https://www.instagram.com/our.club/: the operator picks the site, so the page names it rather
 * than assume one.
 */
export function socialSiteName(socialUrl: string): string {
  return new URL(socialUrl).hostname.replace(/^www\./, '');
}
