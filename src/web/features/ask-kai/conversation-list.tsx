import clsx from 'clsx';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import type { ConversationSummary } from '../../../shared/api/coach-conversations.ts';
import { formatDate } from '../../../shared/format.ts';
import { Alert } from '../../ui/alert.tsx';
import { buttonClasses } from '../../ui/button-classes.ts';
import { Button } from '../../ui/button.tsx';
import { IconButton } from '../../ui/icon-button.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useConversations } from './api/conversations.ts';
import { conversationPath, NEW_CONVERSATION_PATH } from './paths.ts';

interface ConversationListProps {
  /** The conversation on screen, marked in the list; null for a new one. */
  activeId: string | null;
  onRename: (conversation: ConversationSummary) => void;
  onDelete: (conversation: ConversationSummary) => void;
  onDeleteAll: () => void;
  /** Called when a link in the list is followed (the phone's drawer closes). */
  onNavigate?: () => void;
}

/** The athlete's conversations, newest first, each with rename and delete; a new one on top, delete all at the foot. */
export function ConversationList({ activeId, onRename, onDelete, onDeleteAll, onNavigate }: ConversationListProps) {
  const conversations = useConversations();
  return (
    <nav aria-label="Conversations" className="flex flex-col gap-3 py-2">
      <Link href={NEW_CONVERSATION_PATH} onClick={onNavigate} className={buttonClasses({ variant: 'secondary', size: 'sm', fullWidth: true })}>
        <Plus aria-hidden className="size-4" />
        New conversation
      </Link>
      {conversations.isPending ? (
        <div aria-label="Loading your conversations" className="flex flex-col gap-2">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : conversations.isError ? (
        <Alert tone="error" action={{ label: 'Retry', onClick: () => void conversations.refetch() }}>
          <p>Your conversations could not be loaded.</p>
        </Alert>
      ) : conversations.data.conversations.length === 0 ? (
        <p className="px-1 text-sm text-fg-muted">No conversations yet. Ask Kai something to start one.</p>
      ) : (
        <>
          <ul className="flex flex-col gap-1">
            {conversations.data.conversations.map((conversation) => (
              <ConversationRow
                key={conversation.id}
                conversation={conversation}
                active={conversation.id === activeId}
                onNavigate={onNavigate}
                onRename={() => onRename(conversation)}
                onDelete={() => onDelete(conversation)}
              />
            ))}
          </ul>
          <Button variant="ghost" size="sm" onClick={onDeleteAll} className="self-start text-fg-subtle">
            <Trash2 aria-hidden className="size-4" />
            Delete all conversations
          </Button>
        </>
      )}
    </nav>
  );
}

interface ConversationRowProps {
  conversation: ConversationSummary;
  active: boolean;
  onNavigate?: () => void;
  onRename: () => void;
  onDelete: () => void;
}

function ConversationRow({ conversation, active, onNavigate, onRename, onDelete }: ConversationRowProps) {
  return (
    <li className={clsx('flex items-center gap-0.5 rounded-lg pr-1 transition-colors', active ? 'bg-surface-raised' : 'hover:bg-surface-raised/60')}>
      <Link
        href={conversationPath(conversation.id)}
        onClick={onNavigate}
        aria-current={active ? 'page' : undefined}
        className="flex min-w-0 flex-1 flex-col rounded-lg px-3 py-2"
      >
        <span className={clsx('truncate text-sm', active ? 'font-semibold text-fg' : 'font-medium text-fg-muted')}>{conversation.title}</span>
        <span className="truncate text-xs text-fg-subtle">
          {formatDate(conversation.updatedAt)} · {conversation.messageCount === 1 ? '1 message' : `${conversation.messageCount} messages`}
        </span>
      </Link>
      <IconButton label={`Rename ${conversation.title}`} icon={<Pencil aria-hidden className="size-4" />} className="size-7" onClick={onRename} />
      <IconButton label={`Delete ${conversation.title}`} icon={<Trash2 aria-hidden className="size-4" />} className="size-7" onClick={onDelete} />
    </li>
  );
}
