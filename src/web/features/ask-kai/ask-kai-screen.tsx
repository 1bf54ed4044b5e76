import { MessagesSquare, Pencil } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { AuthUser } from '../../../shared/api/auth.ts';
import type { Conversation, ConversationSummary } from '../../../shared/api/coach-conversations.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { IconButton } from '../../ui/icon-button.tsx';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { Sheet } from '../../ui/sheet.tsx';
import { HttpError } from '../../lib/api-request.ts';
import { AppLayout, AppSidebar } from '../shell/index.ts';
import { forgetConversations, useCreateConversation } from './api/conversations.ts';
import { ConversationList } from './conversation-list.tsx';
import { ConversationPane } from './conversation-pane.tsx';
import { DeleteConversationsDialog, type DeletionTarget } from './delete-conversations-dialog.tsx';
import { ABOUT_ACTIVITY_PARAM, conversationPath, NEW_CONVERSATION_PATH } from './paths.ts';
import { RenameConversationDialog } from './rename-conversation-dialog.tsx';

/** Where AppLayout shows the sidebar (Tailwind's `md`); below it the list lives in a drawer. */
const SIDEBAR_MEDIA_QUERY = '(min-width: 48rem)';

/**
 * /ask and /ask/:conversationId (issue 28): the conversations in the sidebar (a drawer on phones)
 * and the open one filling the main area. /ask?activity=<id>, where an activity's "Ask about this
 * activity" leads, starts a conversation about it and moves to that conversation's address.
 */
export function AskKaiScreen({ user, conversationId }: { user: AuthUser; conversationId: string | null }) {
  const [, navigate] = useLocation();
  const aboutActivity = new URLSearchParams(useSearch()).get(ABOUT_ACTIVITY_PARAM);
  const queryClient = useQueryClient();
  const [listOpen, setListOpen] = useState(false);
  const [renaming, setRenaming] = useState<ConversationSummary | null>(null);
  const [deleting, setDeleting] = useState<DeletionTarget | null>(null);

  // Once the window is wide enough for the sidebar, the drawer would only hide the same list: it closes.
  useEffect(() => {
    if (!listOpen) return;
    const wide = window.matchMedia(SIDEBAR_MEDIA_QUERY);
    const closeWhenWide = () => {
      if (wide.matches) setListOpen(false);
    };
    closeWhenWide();
    wide.addEventListener('change', closeWhenWide);
    return () => wide.removeEventListener('change', closeWhenWide);
  }, [listOpen]);

  const listHandlers = {
    activeId: conversationId,
    onRename: (conversation: ConversationSummary) => {
      setListOpen(false);
      setRenaming(conversation);
    },
    onDelete: (conversation: ConversationSummary) => {
      setListOpen(false);
      setDeleting({ kind: 'one', conversation });
    },
    onDeleteAll: () => {
      setListOpen(false);
      setDeleting({ kind: 'all' });
    },
  };

  const onDeleted = (target: DeletionTarget) => {
    const deletedId = target.kind === 'one' ? target.conversation.id : null;
    if (deletedId === null || deletedId === conversationId) navigate(NEW_CONVERSATION_PATH, { replace: true });
    setDeleting(null);
    // After leaving it, so the conversation on screen is not fetched again.
    queueMicrotask(() => forgetConversations(queryClient, deletedId));
  };

  const header = (conversation: Conversation | undefined) => (
    <div className="sticky top-0 z-10 flex min-h-14 items-center gap-2 border-b border-line bg-canvas/90 px-3 py-2 backdrop-blur-md sm:px-6">
      <Button variant="secondary" size="sm" className="md:hidden" onClick={() => setListOpen(true)}>
        <MessagesSquare aria-hidden className="size-4" />
        Conversations
      </Button>
      <h1 className="min-w-0 flex-1 truncate text-base font-semibold text-fg sm:text-lg">{conversation?.title ?? 'Ask Kai'}</h1>
      {conversation && (
        <IconButton label="Rename conversation" icon={<Pencil aria-hidden className="size-4" />} onClick={() => setRenaming(conversation)} />
      )}
    </div>
  );

  return (
    <AppLayout
      sidebar={
        <AppSidebar user={user}>
          <ConversationList {...listHandlers} />
        </AppSidebar>
      }
    >
      {aboutActivity !== null && conversationId === null ? (
        <StartAboutActivity activityId={aboutActivity} onStarted={(id) => navigate(conversationPath(id), { replace: true })} />
      ) : (
        <ConversationPane conversationId={conversationId} onStarted={(id) => navigate(conversationPath(id), { replace: true })} header={header} />
      )}
      <Sheet open={listOpen} onOpenChange={setListOpen} title="Conversations">
        <div className="min-h-0 flex-1 overflow-y-auto px-4 pt-1">
          <ConversationList {...listHandlers} onNavigate={() => setListOpen(false)} />
        </div>
      </Sheet>
      <RenameConversationDialog conversation={renaming} onClose={() => setRenaming(null)} />
      <DeleteConversationsDialog target={deleting} onClose={() => setDeleting(null)} onDeleted={onDeleted} />
    </AppLayout>
  );
}

/** Creates the conversation about an activity once (not again on a re-render), then hands over its id. */
function StartAboutActivity({ activityId, onStarted }: { activityId: string; onStarted: (id: string) => void }) {
  const create = useCreateConversation();
  const startedFor = useRef<string | null>(null);
  useEffect(() => {
    if (startedFor.current === activityId) return;
    startedFor.current = activityId;
    create.mutate({ activityId }, { onSuccess: (created) => onStarted(created.id) });
  }, [activityId, create, onStarted]);

  if (create.isError) {
    return (
      <div className="mx-auto w-full max-w-3xl p-4 sm:p-8">
        <Alert tone="error" action={{ label: 'Try again', onClick: () => create.mutate({ activityId }, { onSuccess: (created) => onStarted(created.id) }) }}>
          <p>{create.error instanceof HttpError && create.error.status === 404 ? 'That activity was not found.' : 'The conversation about this activity could not be started.'}</p>
        </Alert>
      </div>
    );
  }
  return <LoadingScreen />;
}
