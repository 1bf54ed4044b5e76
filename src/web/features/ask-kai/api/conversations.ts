import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  askReply,
  conversation,
  conversationList,
  conversationSummary,
  suggestionList,
  type AskBody,
  type Conversation,
  type ConversationList,
  type CreateConversationBody,
} from '../../../../shared/api/coach-conversations.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';

const CONVERSATIONS_PATH = '/api/coach/conversations';
/** Query keys are API paths; a conversation's key starts with the list's, so one invalidation covers both. */
const listKey = [CONVERSATIONS_PATH] as const;
const conversationKey = (id: string) => [CONVERSATIONS_PATH, id] as const;
const conversationPath = (id: string) => `${CONVERSATIONS_PATH}/${encodeURIComponent(id)}`;

/** GET /api/coach/conversations: the athlete's conversations, the most recently used first. */
export function useConversations() {
  return useQuery({
    queryKey: listKey,
    queryFn: async ({ signal }) => readJson(await apiRequest('GET', CONVERSATIONS_PATH, undefined, { signal }), conversationList),
  });
}

/** GET /api/coach/conversations/:id: its messages, oldest first, and questions to ask next. */
export function useConversation(id: string | null) {
  return useQuery({
    queryKey: conversationKey(id ?? ''),
    queryFn: async ({ signal }) => readJson(await apiRequest('GET', conversationPath(id!), undefined, { signal }), conversation),
    enabled: id !== null,
  });
}

/** GET /api/coach/suggestions: questions for a conversation not started yet, chosen from the athlete's data. */
export function useSuggestions(enabled: boolean) {
  const path = '/api/coach/suggestions';
  return useQuery({
    queryKey: [path],
    queryFn: async ({ signal }) => readJson(await apiRequest('GET', path, undefined, { signal }), suggestionList),
    enabled,
  });
}

/** The new conversation goes into the cache as it is, so opening it needs no second request. */
function remember(queryClient: QueryClient, created: Conversation): Promise<void> {
  queryClient.setQueryData(conversationKey(created.id), created);
  return queryClient.invalidateQueries({ queryKey: listKey, exact: true });
}

/** POST /api/coach/conversations (about an activity when `activityId` is given). */
export function useCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateConversationBody) => readJson(await apiRequest('POST', CONVERSATIONS_PATH, body), conversation),
    onSuccess: (created) => remember(queryClient, created),
  });
}

/**
 * POST /api/coach/conversations/:id/messages: the question and Kai's answer are added to the
 * cached conversation as the server stored them, so they show at once; the conversation and the
 * list then refetch for the title, order and counts.
 */
export function useAsk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ conversationId, body }: { conversationId: string; body: AskBody }) =>
      readJson(await apiRequest('POST', `${conversationPath(conversationId)}/messages`, body), askReply),
    onSuccess: async ({ question, answer }, { conversationId }) => {
      queryClient.setQueryData<Conversation>(conversationKey(conversationId), (cached) =>
        cached ? { ...cached, messages: [...cached.messages, question, answer], messageCount: cached.messageCount + 2, updatedAt: answer.createdAt } : cached,
      );
      // The server names a conversation after its first question: the list and the title catch up.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: listKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: conversationKey(conversationId), exact: true }),
      ]);
    },
  });
}

/** PATCH /api/coach/conversations/:id: a new title, shown at once in the list and the open conversation. */
export function useRenameConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, title }: { id: string; title: string }) =>
      readJson(await apiRequest('PATCH', conversationPath(id), { title }), conversationSummary),
    onSuccess: (renamed) => {
      queryClient.setQueryData<ConversationList>(listKey, (cached) =>
        cached ? { conversations: cached.conversations.map((item) => (item.id === renamed.id ? renamed : item)) } : cached,
      );
      queryClient.setQueryData<Conversation>(conversationKey(renamed.id), (cached) => (cached ? { ...cached, title: renamed.title } : cached));
    },
  });
}

/**
 * DELETE /api/coach/conversations/:id, or every conversation when `id` is null. The list refetches;
 * the deleted conversations' own cache goes with `forgetConversations`, once the screen has left
 * them (removing a conversation still on screen would have it fetched again, and answer 404).
 */
export function useDeleteConversations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string | null) => {
      await apiRequest('DELETE', id === null ? CONVERSATIONS_PATH : conversationPath(id));
      return id;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: listKey, exact: true }),
  });
}

/** Drops deleted conversations (one, or all when `id` is null) from the cache. */
export function forgetConversations(queryClient: QueryClient, id: string | null): void {
  if (id !== null) queryClient.removeQueries({ queryKey: conversationKey(id), exact: true });
  else queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === CONVERSATIONS_PATH && query.queryKey.length > 1 });
}
