import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Conversation } from '../../../shared/api/coach-conversations.ts';
import { Alert } from '../../ui/alert.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { localDay } from '../../lib/local-day.ts';
import { useAsk, useConversation, useCreateConversation, useSuggestions } from './api/conversations.ts';
import { askErrorMessage, loadErrorMessage } from './ask-errors.ts';
import { ConversationMessage } from './conversation-message.tsx';
import { QuestionComposer } from './question-composer.tsx';
import { SuggestedQuestions } from './suggested-questions.tsx';
import { TypingIndicator } from './typing-indicator.tsx';

interface ConversationPaneProps {
  /** The conversation on screen; null for a new one, created with its first question. */
  conversationId: string | null;
  /** A new conversation now exists (its first question was asked): the screen moves to its address. */
  onStarted: (id: string) => void;
  /** The bar above the messages: the title, and on a phone the way to the list. */
  header: (conversation: Conversation | undefined) => ReactNode;
}

/**
 * One conversation: its messages, then the question box. A question shows at once with Kai's
 * typing dots under it; if it fails, the message says why and the question stays in the box.
 */
export function ConversationPane({ conversationId, onStarted, header }: ConversationPaneProps) {
  const conversation = useConversation(conversationId);
  const suggestions = useSuggestions(conversationId === null);
  const create = useCreateConversation();
  const ask = useAsk();
  const [draft, setDraft] = useState('');
  const [asking, setAsking] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  const end = useRef<HTMLDivElement>(null);
  // The conversation this pane started itself: moving to it keeps the draft and any error.
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (conversationId !== null && conversationId === started.current) return;
    started.current = null;
    setDraft('');
    setError(null);
  }, [conversationId]);

  const messages = conversation.data?.messages ?? [];
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, asking]);

  async function submit(text: string) {
    if (asking !== null) return;
    setError(null);
    setAsking(text);
    let id = conversationId;
    try {
      if (id === null) {
        id = (await create.mutateAsync({})).id;
        started.current = id;
      }
      const activityId = conversation.data?.activityId ?? undefined;
      await ask.mutateAsync({ conversationId: id, body: { text, today: localDay(), ...(activityId ? { activityId } : {}) } });
      setDraft((current) => (current.trim() === text.trim() ? '' : current));
    } catch (caught) {
      setError(caught);
    } finally {
      setAsking(null);
      if (id !== null && conversationId === null) onStarted(id);
      composer.current?.focus();
    }
  }

  const fresh = messages.length === 0;
  const starters = conversationId === null ? suggestions.data?.questions : conversation.data?.suggestions;

  return (
    // The main area scrolls; the title bar and the question box stay in view at its edges.
    <div className="flex min-h-full flex-col">
      {header(conversation.data)}
      <div className="flex-1">
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 sm:px-6">
          {conversation.isPending && conversationId !== null ? (
            <div aria-label="Loading the conversation" className="flex flex-col gap-4">
              <Skeleton className="ml-auto h-10 w-2/3" />
              <Skeleton className="h-32" />
            </div>
          ) : conversation.isError ? (
            <Alert tone="error" action={{ label: 'Retry', onClick: () => void conversation.refetch() }}>
              <p>{loadErrorMessage(conversation.error)}</p>
            </Alert>
          ) : (
            <>
              {fresh && asking === null && <Welcome about={conversation.data?.activityId != null} />}
              {fresh && asking === null && starters && (
                <SuggestedQuestions label="Suggested questions" questions={starters} onAsk={(question) => void submit(question)} />
              )}
              <ol aria-label="Messages" className="flex flex-col gap-5 empty:hidden">
                {messages.map((message) => (
                  <ConversationMessage key={message.id} message={message} busy={asking !== null} onAsk={(question) => void submit(question)} />
                ))}
                {asking !== null && (
                  <ConversationMessage message={{ role: 'athlete', text: asking, facts: [], sources: [] }} busy onAsk={() => undefined} />
                )}
              </ol>
              {asking !== null && <TypingIndicator />}
            </>
          )}
          <div ref={end} />
        </div>
      </div>
      <div className="sticky bottom-0 z-10 border-t border-line bg-canvas/90 backdrop-blur-md">
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-3 px-4 py-3 sm:px-6">
          {error !== null && (
            <Alert tone="error">
              <p>{askErrorMessage(error)}</p>
            </Alert>
          )}
          <QuestionComposer ref={composer} value={draft} onChange={setDraft} onSend={() => void submit(draft)} sending={asking !== null} />
        </div>
      </div>
    </div>
  );
}

function Welcome({ about }: { about: boolean }) {
  return (
    <div className="flex flex-col gap-1.5">
      <h2 className="text-xl font-semibold tracking-tight text-fg">{about ? 'Ask Kai about this activity' : 'Ask Kai about your training'}</h2>
      <p className="text-sm text-fg-muted">
        Kai answers from your own activities and metrics. Every number links to the figure it came from, and each answer lists what it read.
      </p>
    </div>
  );
}
