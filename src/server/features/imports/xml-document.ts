import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { ImportFileError } from './import-file-error.ts';
import type { RecordedSample } from './parsed-activity.ts';

/**
 * An element as the readers see it: children by local name (one child as a value, several as an
 * array), attributes as `@_name`, text as `#text` beside them, or the trimmed text itself (an empty
 * string when empty) for an element with neither children nor attributes.
 */
export type XmlElement = { readonly [key: string]: unknown };

/**
 * The decoder of an XML file's text, chosen from its first bytes: a byte-order mark wins
 * (TextDecoder strips it), then the encoding in the XML declaration (old GPSBabel files are
 * ISO-8859-1); UTF-8 otherwise. Decode with `{ stream: true }` chunk by chunk, then once without.
 */
export function xmlTextDecoder(head: Uint8Array): TextDecoder {
  const encoding = xmlEncodingOf(head);
  return new TextDecoder(isSupportedEncoding(encoding) ? encoding : 'utf-8');
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

/** Elements kept outside the streamed ones (metadata, laps, tracks): far more is no activity file. */
const MAX_KEPT_ELEMENTS = 100_000;

export interface XmlStreamOptions {
  fileName: string;
  formatLabel: string;
  /** Local names of the elements handed to `onElement` instead of kept in the tree. */
  streamed: ReadonlySet<string>;
  maxStreamed: number;
  /** Every element as it opens, with its depth (the root is 0). */
  onOpen?(name: string, depth: number): void;
  onElement(element: XmlElement, ancestors: readonly string[]): void;
}

interface OpenElement {
  name: string;
  fields: Record<string, unknown>;
  text: string;
  hasFields: boolean;
}

/**
 * Reads an XML document as it arrives, without ever holding its whole tree: the elements named in
 * `streamed` (the track points) are handed to `onElement` as they close, with the local names of
 * their ancestors, and are not kept; everything else builds the small tree `finish` returns. At most
 * `maxStreamed` streamed elements are read: the one after it stops the file at once. Namespace
 * prefixes are dropped (GPX and TCX writers pick their own for the same namespaces: ns3:, gpxtpx:,
 * tpx:); values stay text. Malformed XML, and any entity but XML's own, is a corrupt file; a
 * DOCTYPE is never processed, so nothing external is ever fetched or expanded.
 */
export class XmlStreamReader {
  private readonly parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  private readonly stack: OpenElement[] = [];
  private readonly document: Record<string, unknown> = {};
  private streamedCount = 0;
  private keptCount = 0;
  /** Streamed elements open around the current one: what is inside them is not kept, so not counted. */
  private openStreamed = 0;

  private readonly options: XmlStreamOptions;

  constructor(options: XmlStreamOptions) {
    this.options = options;
    const { parser } = this;
    parser.on('error', (error) => {
      throw this.corrupt(`broken XML at line ${parser.line}: ${error.message.replace(/^\d+:\d+:\s*/, '')}`, error);
    });
    parser.on('opentag', (tag) => this.open(tag));
    parser.on('closetag', () => this.close());
    parser.on('text', (text) => this.text(text));
    parser.on('cdata', (text) => this.text(text));
  }

  write(text: string): void {
    this.parser.write(text);
  }

  /** Ends the document: a document cut short is a corrupt file. Returns the tree of kept elements. */
  finish(): XmlElement {
    this.parser.close();
    return this.document;
  }

  private open(tag: SaxesTagPlain): void {
    const name = localName(tag.name);
    if (this.options.streamed.has(name)) {
      this.streamedCount++;
      if (this.streamedCount > this.options.maxStreamed) {
        throw new ImportFileError(
          'too_large',
          `${this.options.fileName} has more than ${formatCount(this.options.maxStreamed)} track points, the limit for one activity file.`,
        );
      }
    } else if (this.openStreamed === 0 && ++this.keptCount > MAX_KEPT_ELEMENTS) {
      throw this.corrupt(`more than ${formatCount(MAX_KEPT_ELEMENTS)} elements outside its track points`);
    }
    const element: OpenElement = { name, fields: {}, text: '', hasFields: false };
    for (const [attribute, value] of Object.entries(tag.attributes as Record<string, string>)) {
      if (attribute === 'xmlns' || attribute.startsWith('xmlns:')) continue;
      element.fields[`@_${localName(attribute)}`] = value;
      element.hasFields = true;
    }
    if (this.options.streamed.has(name)) this.openStreamed++;
    this.options.onOpen?.(name, this.stack.length);
    this.stack.push(element);
  }

  private close(): void {
    const element = this.stack.pop()!;
    const value = valueOf(element);
    if (this.options.streamed.has(element.name)) {
      this.openStreamed--;
      // A streamed element holding only text is no element (as when it is kept): it is skipped.
      const streamed = asElement(value) ?? (value === '' ? {} : null);
      if (streamed) this.options.onElement(streamed, this.stack.map((open) => open.name));
      return;
    }
    const parent = this.stack.at(-1);
    if (parent) parent.hasFields = true;
    addChild(parent?.fields ?? this.document, element.name, value);
  }

  private text(text: string): void {
    const element = this.stack.at(-1);
    const trimmed = text.trim();
    if (element && trimmed) element.text += trimmed;
  }

  private corrupt(detail: string, cause?: unknown): ImportFileError {
    const { fileName, formatLabel } = this.options;
    return new ImportFileError('corrupt', `${fileName} is not a valid ${formatLabel} file (${detail}).`, { cause });
  }
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

function valueOf(element: OpenElement): unknown {
  if (!element.hasFields) return element.text;
  if (element.text) element.fields['#text'] = element.text;
  return element.fields;
}

function addChild(fields: Record<string, unknown>, name: string, value: unknown): void {
  if (!Object.hasOwn(fields, name)) {
    fields[name] = value;
    return;
  }
  const existing = fields[name];
  if (Array.isArray(existing)) existing.push(value);
  else fields[name] = [existing, value];
}

function formatCount(count: number): string {
  return count.toLocaleString('en-GB');
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
