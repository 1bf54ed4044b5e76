/** The longest name a mail's greeting carries; longer names are cut at a word boundary. */
export const MAIL_NAME_MAX_CHARS = 40;

/**
 * Anything a mail client could turn into a link: a scheme (`http:`, `mailto:`), `www.`, an `@`, or
 * a dot between two letters or digits (`example.com`, `bit.ly`).
 */
const LINK_LIKE = /[a-z][a-z0-9+.-]*:|www\.|@|[\p{L}\p{N}][.\u3002\uff0e\uff61][\p{L}\p{N}]/iu;

/**
 * A person's name as a mail may show it (ADR 0004): on one line (control characters and every
 * kind of line break become a space), at most MAIL_NAME_MAX_CHARS characters, and never a word a
 * mail client could make a link of (such a word is left out). Undefined when nothing is left.
 */
export function nameForMail(name: string | null | undefined): string | undefined {
  if (!name) return undefined;
  const words = name
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .split(/\s+/u)
    .filter((word) => word !== '' && !LINK_LIKE.test(word));
  let kept = '';
  for (const word of words) {
    const next = kept === '' ? word : `${kept} ${word}`;
    if ([...next].length > MAIL_NAME_MAX_CHARS) {
      if (kept === '') kept = [...word].slice(0, MAIL_NAME_MAX_CHARS).join('');
      break;
    }
    kept = next;
  }
  return kept === '' ? undefined : kept;
}

/** "Hi Ada," or, without a name fit for a mail, "Hi there,". */
export function mailGreeting(name: string | null | undefined): string {
  return `Hi ${nameForMail(name) ?? 'there'},`;
}
