import type { AskFact } from '../../../shared/api/coach-conversations.ts';

export type AnswerSegment = { kind: 'text'; text: string } | { kind: 'fact'; text: string; fact: AskFact };

const WORD_CHAR = /[\p{L}\p{N}]/u;
const DIGIT = /\p{N}/u;

/**
 * Whether the characters either side of a match end it: a fact '4' is not the 4 inside '40',
 * '14' or '1.4' ('.' and ',' between digits belong to the number).
 */
function standsAlone(text: string, start: number, end: number): boolean {
  const before = text[start - 1];
  const after = text[end];
  const first = text[start]!;
  const last = text[end - 1]!;
  if (before !== undefined && WORD_CHAR.test(first)) {
    if (WORD_CHAR.test(before)) return false;
    if ((before === '.' || before === ',') && DIGIT.test(text[start - 2] ?? '') && DIGIT.test(first)) return false;
  }
  if (after !== undefined && WORD_CHAR.test(last)) {
    if (WORD_CHAR.test(after)) return false;
    if ((after === '.' || after === ',') && DIGIT.test(text[end + 1] ?? '') && DIGIT.test(last)) return false;
  }
  return true;
}

/**
 * Splits Kai's answer into plain text and the figures its facts wrote ('312 W', '6 h 20 min'):
 * every occurrence of a fact's `text` becomes a fact segment, the longest text winning where two
 * start at the same place. Facts that read the same ('fatigue 0 and form 0') are given out in
 * their order, as the answer writes them; the last one keeps any later occurrence. The answer is
 * only ever split, never parsed as markup, so a name like `<img onerror=…>` stays the text it is.
 */
export function answerSegments(text: string, facts: readonly AskFact[]): AnswerSegment[] {
  const byText = new Map<string, AskFact[]>();
  for (const fact of facts) {
    if (fact.text.trim() === '') continue;
    byText.set(fact.text, [...(byText.get(fact.text) ?? []), fact]);
  }
  const texts = [...byText.keys()].sort((a, b) => b.length - a.length);
  const used = new Map<string, number>();
  const segments: AnswerSegment[] = [];
  let plain = '';
  let index = 0;
  while (index < text.length) {
    const found = texts.find((candidate) => text.startsWith(candidate, index) && standsAlone(text, index, index + candidate.length));
    if (found === undefined) {
      plain += text[index];
      index += 1;
      continue;
    }
    const same = byText.get(found)!;
    const turn = used.get(found) ?? 0;
    used.set(found, turn + 1);
    if (plain !== '') segments.push({ kind: 'text', text: plain });
    plain = '';
    segments.push({ kind: 'fact', text: found, fact: same[Math.min(turn, same.length - 1)]! });
    index += found.length;
  }
  if (plain !== '') segments.push({ kind: 'text', text: plain });
  return segments;
}

/** The answer's paragraphs (blank lines between them) and their lines. */
export function answerParagraphs(text: string): string[][] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.split('\n').filter((line) => line.trim() !== ''))
    .filter((lines) => lines.length > 0);
}
