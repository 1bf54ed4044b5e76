import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ImportFileError } from './import-file-error.ts';
import type { RecordedSample } from './parsed-activity.ts';

/** An element as fast-xml-parser returns it: children by local name, attributes as `@_name`. */
export type XmlElement = { readonly [key: string]: unknown };

const parser = new XMLParser({
  ignoreAttributes: false,
  // GPX and TCX writers pick their own prefixes for the same namespaces (ns3:, gpxtpx:, tpx:):
  // matching local names reads them all.
  removeNSPrefix: true,
  // Values stay text; each reader converts the fields it knows (a name like "0012" stays a name).
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: { enabled: true, maxEntityCount: 100, maxTotalExpansions: 1000, maxExpandedLength: 100_000 },
  // No callbacks read tag paths; not tracking them makes large files parse about a third faster.
  jPath: false,
});

/**
 * Decodes an XML file's text. A byte-order mark wins (TextDecoder strips it), then the encoding in
 * the XML declaration (old GPSBabel files are ISO-8859-1); UTF-8 otherwise.
 */
export function decodeXmlText(bytes: Uint8Array): string {
  const encoding = xmlEncodingOf(bytes);
  return new TextDecoder(isSupportedEncoding(encoding) ? encoding : 'utf-8').decode(bytes);
}

function xmlEncodingOf(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  const declaration = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(declaration)?.[1];
  // A declaration readable as ASCII cannot be in UTF-16, whatever it claims.
  return declared !== undefined && !/^utf-?16/i.test(declared) ? declared : 'utf-8';
}

function isSupportedEncoding(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

/**
 * The local name of the document's root element, found without parsing the whole file: skips the
 * BOM, XML declaration, comments, processing instructions and DOCTYPE. Null if it is not XML.
 */
export function sniffXmlRootName(text: string): string | null {
  const prolog = /^(?:\uFEFF)?(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>)*/y;
  const afterProlog = prolog.exec(text)?.[0].length ?? 0;
  const root = /<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[\s/>]/y;
  root.lastIndex = afterProlog;
  return root.exec(text)?.[1] ?? null;
}

/** Parses a well-formed XML document; malformed XML is a corrupt file. */
export function parseXmlDocument(text: string, fileName: string, formatLabel: string): XmlElement {
  const validation = XMLValidator.validate(text);
  if (validation !== true) {
    const { line, msg } = validation.err;
    throw new ImportFileError('corrupt', `${fileName} is not a valid ${formatLabel} file (broken XML at line ${line}: ${msg}).`);
  }
  try {
    return asElement(parser.parse(text)) ?? {};
  } catch (error) {
    throw new ImportFileError('corrupt', `${fileName} is not a valid ${formatLabel} file (its XML could not be read).`, {
      cause: error,
    });
  }
}

export function asElement(value: unknown): XmlElement | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as XmlElement) : null;
}

function ownChild(element: XmlElement | null, name: string): unknown {
  return element !== null && Object.hasOwn(element, name) ? element[name] : undefined;
}

/** Every child element with this local name (fast-xml-parser gives one child as a value, many as an array). */
export function childElements(element: XmlElement | null, name: string): XmlElement[] {
  const value = ownChild(element, name);
  const values = Array.isArray(value) ? value : [value];
  return values.flatMap((child): XmlElement[] => {
    const childElement = asElement(child);
    // An empty element such as <trkpt/> arrives as an empty string: an element without content.
    if (childElement) return [childElement];
    return child === '' ? [{}] : [];
  });
}

export function childElement(element: XmlElement | null, name: string): XmlElement | null {
  return childElements(element, name)[0] ?? null;
}

/** The text of the first child with this local name, trimmed; null when absent or empty. */
export function childText(element: XmlElement | null, name: string): string | null {
  const value = ownChild(element, name);
  return textOf(Array.isArray(value) ? value[0] : value);
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  const text = ownChild(asElement(value), '#text');
  return typeof text === 'string' ? text.trim() || null : null;
}

export function childNumber(element: XmlElement | null, name: string): number | null {
  return parseDecimal(childText(element, name));
}

export function attributeText(element: XmlElement | null, name: string): string | null {
  const value = ownChild(element, `@_${name}`);
  return typeof value === 'string' ? value.trim() || null : null;
}

export function attributeNumber(element: XmlElement | null, name: string): number | null {
  return parseDecimal(attributeText(element, name));
}

function parseDecimal(text: string | null): number | null {
  if (text === null) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** An xsd:dateTime (with Z or an offset such as -04:00) as epoch milliseconds; null if invalid. */
export function parseXmlDateTimeMs(text: string | null): number | null {
  if (text === null || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) return null;
  const timeMs = Date.parse(text);
  return Number.isFinite(timeMs) ? timeMs : null;
}

/**
 * A track point as a sample at the time it states, with the fields `read` takes from it; none when
 * it states no valid time, since such a point cannot be placed on the activity's clock.
 */
export function timedSample(timeText: string | null, read: () => Omit<RecordedSample, 'timeMs'>): RecordedSample[] {
  const timeMs = parseXmlDateTimeMs(timeText);
  return timeMs === null ? [] : [{ timeMs, ...read() }];
}

/** A position, when both its coordinates are there. */
export function latLngOf(lat: number | null, lng: number | null): [number, number] | null {
  return lat !== null && lng !== null ? [lat, lng] : null;
}

/**
 * Finds a number under an `<extensions>` element, whatever vendor element wraps it (Garmin's
 * TrackPointExtension, PowerExtension, or none): the first child named like one of `names`,
 * searched breadth first a few levels deep.
 */
export function extensionNumber(extensions: XmlElement | null, names: readonly string[]): number | null {
  let level: XmlElement[] = extensions ? [extensions] : [];
  for (let depth = 0; depth < 3 && level.length > 0; depth++) {
    for (const element of level) {
      for (const name of names) {
        const value = childNumber(element, name);
        if (value !== null) return value;
      }
    }
    level = level.flatMap((element) => Object.keys(element).flatMap((key) => childElements(element, key)));
  }
  return null;
}
