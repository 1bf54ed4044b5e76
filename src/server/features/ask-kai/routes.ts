import type { FastifyInstance } from 'fastify';
import {
  askBody,
  askReply,
  conversation,
  conversationList,
  conversationSummary,
  createConversationBody,
  renameConversationBody,
  suggestionList,
  suggestionsQuery,
} from '../../../shared/api/coach-conversations.ts';
import { pathUuid, route } from '../../http/route.ts';
import { CONVERSATION_NOT_FOUND_MESSAGE, type AskKaiService } from './service.ts';

/**
 * Ask Kai's API (issue 28). Asking reads the athlete's data and changes none of it, so a token
 * with `read` may ask; renaming and deleting are for the signed-in browser (route-scopes.ts).
 */
export function registerAskKaiRoutes(app: FastifyInstance, askKai: AskKaiService): void {
  const tags = ['coach'];
  const conversationId = (params: Record<string, string>) => pathUuid(params, CONVERSATION_NOT_FOUND_MESSAGE);

  route(app, {
    method: 'GET',
    url: '/api/coach/conversations',
    summary: "The account's conversations with Kai, the one asked in last first",
    tags,
    auth: 'required',
    response: conversationList,
    handler: ({ account }) => askKai.list(account.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/coach/conversations',
    summary: "Starts a conversation, about an activity when one is given, with questions Kai can answer from the athlete's data",
    tags,
    auth: 'required',
    body: createConversationBody,
    response: conversation,
    status: 201,
    handler: ({ account, body }) => askKai.create(account.id, body),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/coach/conversations',
    summary: "Deletes all the account's conversations (the day's questions asked stay counted)",
    tags,
    auth: 'required',
    status: 204,
    async handler({ account }) {
      await askKai.removeAll(account.id);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/coach/conversations/:id',
    summary: 'A conversation with its questions and answers, oldest first, and questions Kai can answer next',
    tags,
    auth: 'required',
    response: conversation,
    handler: ({ account, params }) => askKai.read(account.id, conversationId(params)),
  });

  route(app, {
    method: 'PATCH',
    url: '/api/coach/conversations/:id',
    summary: 'Renames a conversation',
    tags,
    auth: 'required',
    body: renameConversationBody,
    response: conversationSummary,
    handler: ({ account, params, body }) => askKai.rename(account.id, conversationId(params), body.title),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/coach/conversations/:id',
    summary: 'Deletes a conversation (its questions stay counted for the day)',
    tags,
    auth: 'required',
    status: 204,
    async handler({ account, params }) {
      await askKai.remove(account.id, conversationId(params));
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/coach/conversations/:id/messages',
    summary:
      "Asks Kai a question (at most 1,000 characters; Free 10 a day, Trial and Pro 200, per UTC day): the question as kept and Kai's answer with its facts, sources and chart",
    tags,
    auth: 'required',
    body: askBody,
    response: askReply,
    status: 201,
    handler: ({ account, params, body }) => askKai.ask(account.id, conversationId(params), body),
  });

  route(app, {
    method: 'GET',
    url: '/api/coach/suggestions',
    summary: "Questions Kai can answer from the athlete's data, about an activity when one is given",
    tags,
    auth: 'required',
    query: suggestionsQuery,
    response: suggestionList,
    handler: ({ account, query }) => askKai.suggestions(account.id, query.activityId ? { activityId: query.activityId } : {}),
  });
}
