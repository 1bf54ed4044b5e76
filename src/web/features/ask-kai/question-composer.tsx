import clsx from 'clsx';
import { SendHorizontal } from 'lucide-react';
import { useId, type Ref } from 'react';
import { QUESTION_MAX_CHARS } from '../../../shared/api/coach-conversations.ts';
import { formatNumber } from '../../../shared/format.ts';
import { Button } from '../../ui/button.tsx';

interface QuestionComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  /** A question is on its way: the text stays (and stays editable) but cannot be sent twice. */
  sending: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * The question box: Enter sends, Shift+Enter starts a new line, and a counter shows how much of
 * the 1,000 characters is used. A question over the limit is kept, marked and not sent.
 */
export function QuestionComposer({ value, onChange, onSend, sending, ref }: QuestionComposerProps) {
  const id = useId();
  const counterId = `${id}-count`;
  const length = value.length;
  const over = length > QUESTION_MAX_CHARS;
  const canSend = value.trim() !== '' && !over && !sending;
  const send = () => {
    if (canSend) onSend();
  };
  return (
    <form
      className="flex flex-col gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Ask Kai a question
      </label>
      <div className="flex items-end gap-2 rounded-2xl border border-line-strong bg-canvas p-2 focus-within:border-fg-subtle">
        <textarea
          ref={ref}
          id={id}
          rows={1}
          value={value}
          placeholder="Ask about your training…"
          aria-describedby={counterId}
          aria-invalid={over || undefined}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            send();
          }}
          className="max-h-40 min-h-10 flex-1 resize-none [field-sizing:content] bg-transparent px-2 py-2 text-base text-fg outline-none placeholder:text-fg-subtle focus-visible:outline-none sm:text-sm"
        />
        <Button type="submit" size="md" disabled={!canSend} aria-label="Send" className="px-3">
          <SendHorizontal aria-hidden className="size-4" />
        </Button>
      </div>
      <p id={counterId} className={clsx('flex justify-between gap-3 px-1 text-xs', over ? 'text-danger' : 'text-fg-subtle')}>
        <span>{over ? `${formatNumber(length - QUESTION_MAX_CHARS)} characters over the limit` : 'Enter sends · Shift+Enter for a new line'}</span>
        <span aria-label={`${length} of ${QUESTION_MAX_CHARS} characters`}>
          {formatNumber(length)} / {formatNumber(QUESTION_MAX_CHARS)}
        </span>
      </p>
    </form>
  );
}
