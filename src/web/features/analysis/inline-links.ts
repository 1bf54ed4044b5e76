export type InlineSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** A Markdown link `[label](url)` or a bare URL; only http(s) targets ever become links. */
const LINK_PATTERN = /\[([^\]\n]+)\]\(([^)\s]+)\)|(https?:\/\/[^\s<>"]+)/g;
/** Sentence punctuation right after a bare URL belongs to the sentence, not the address. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]'"]+$/;

function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Splits a line of Kai's text into plain text and links. A link with any other scheme
 * (javascript:, data:, a relative path) stays visible as the text it was written as.
 */
export function inlineSegments(line: string): InlineSegment[] {
  const segments: InlineSegment[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    const last = segments.at(-1);
    if (last?.kind === 'text') last.text += text;
    else segments.push({ kind: 'text', text });
  };
  let cursor = 0;
  for (const match of line.matchAll(LINK_PATTERN)) {
    const [whole, label, markdownTarget, bareUrl] = match;
    pushText(line.slice(cursor, match.index));
    cursor = match.index + whole.length;
    if (bareUrl !== undefined) {
      const trailing = TRAILING_PUNCTUATION.exec(bareUrl)?.[0] ?? '';
      const address = bareUrl.slice(0, bareUrl.length - trailing.length);
      const href = safeHref(address);
      if (href) segments.push({ kind: 'link', text: address, href });
      else pushText(address);
      pushText(trailing);
    } else {
      const href = markdownTarget === undefined ? null : safeHref(markdownTarget);
      if (href && label !== undefined) segments.push({ kind: 'link', text: label, href });
      else pushText(whole);
    }
  }
  pushText(line.slice(cursor));
  return segments;
}
