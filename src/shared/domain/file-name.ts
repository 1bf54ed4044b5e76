/**
 * 'Morning Ride — Col du Télégraphe' → 'morning-ride-col-du-telegraphe': ASCII letters, digits and
 * single hyphens, at most 60 characters, so a downloaded file's name is safe in a
 * Content-Disposition header and on every file system. `fallback` when nothing is left.
 */
export function fileNameSlug(text: string, fallback: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9\s_-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-')
    .toLowerCase()
    .slice(0, 60)
    .replace(/^-|-$/g, '');
  return slug || fallback;
}
