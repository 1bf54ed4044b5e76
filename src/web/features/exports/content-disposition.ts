/**
 * The file name a Content-Disposition header gives (RFC 6266): `filename*=UTF-8''…` wins over
 * `filename="…"`. Path parts are dropped so a name can never point outside the downloads folder.
 */
export function fileNameFromContentDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  let name: string | undefined;
  if (extended !== undefined) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = undefined;
    }
  }
  if (name === undefined) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  }
  const baseName = name?.split(/[/\\]/).pop()?.trim();
  return baseName ? baseName : fallback;
}
