import type { AskFact } from '../../../shared/api/coach-conversations.ts';
import { answerParagraphs, answerSegments } from './answer-segments.ts';
import { FactMark } from './fact-mark.tsx';

/**
 * Kai's words as React text, paragraph by paragraph, each figure a FactMark. Nothing in it is read
 * as markup: a quoted activity name stays the characters it is.
 */
export function AnswerText({ text, facts }: { text: string; facts: readonly AskFact[] }) {
  return (
    <div className="flex flex-col gap-3 text-sm leading-relaxed text-fg">
      {answerParagraphs(text).map((lines, paragraph) => (
        <p key={paragraph} className="break-words whitespace-pre-wrap">
          {lines.map((line, index) => (
            <span key={index}>
              {index > 0 && <br />}
              {answerSegments(line, facts).map((segment, position) =>
                segment.kind === 'fact' ? <FactMark key={position} fact={segment.fact} /> : <span key={position}>{segment.text}</span>,
              )}
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}
