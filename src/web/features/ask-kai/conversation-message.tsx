import type { CoachMessage } from '../../../shared/api/coach-conversations.ts';
import { AnswerChart } from './answer-chart.tsx';
import { AnswerText } from './answer-text.tsx';
import { SourceChips } from './source-chips.tsx';
import { SuggestedQuestions } from './suggested-questions.tsx';
import { KaiAvatar } from './typing-indicator.tsx';

interface ConversationMessageProps {
  message: Pick<CoachMessage, 'role' | 'text' | 'facts' | 'sources' | 'chart' | 'coach' | 'coachNote' | 'suggestions'>;
  onAsk: (question: string) => void;
  /** Suggestions wait while a question is on its way. */
  busy: boolean;
}

/** One turn: the athlete's question on the right, or Kai's answer on the left with its facts, chart and sources. */
export function ConversationMessage({ message, onAsk, busy }: ConversationMessageProps) {
  if (message.role === 'athlete') {
    return (
      <li className="flex justify-end">
        <p className="max-w-[85%] rounded-2xl rounded-tr-sm bg-accent/15 px-4 py-2.5 text-sm break-words whitespace-pre-wrap text-fg">
          <span className="sr-only">You: </span>
          {message.text}
        </p>
      </li>
    );
  }
  return (
    <li className="flex items-start gap-3 max-sm:gap-0">
      <KaiAvatar />
      <article aria-label="Kai's answer" className="flex min-w-0 flex-1 flex-col gap-3 rounded-2xl rounded-tl-sm border border-line bg-surface px-4 py-3">
        <AnswerText text={message.text} facts={message.facts} />
        {message.chart && <AnswerChart chart={message.chart} />}
        <SourceChips sources={message.sources} />
        {message.suggestions && message.suggestions.length > 0 && (
          <SuggestedQuestions label="Questions Kai can answer" questions={message.suggestions} onAsk={onAsk} disabled={busy} />
        )}
        {message.coach && (
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-fg-subtle">
            <span className="rounded-full border border-line px-2 py-0.5 font-medium">{message.coach === 'built-in' ? 'Built-in coach' : 'Language model'}</span>
            {message.coachNote && <span>{message.coachNote}</span>}
          </p>
        )}
      </article>
    </li>
  );
}
