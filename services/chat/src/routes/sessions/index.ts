import { CHAT_ERRORS, CHAT_PATHS, CHAT_TEXT } from '@keisha/contracts/chat';
import {
  createSessionBody,
  deletedResponse,
  messagesResponse,
  renameSessionBody,
  searchQuery,
  searchResponse,
  sessionListQuery,
  sessionListResponse,
  sessionParams,
  sessionResponse,
} from '@keisha/contracts/chat/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { AppError, type ServiceApp } from '@keisha/service-kit';
import type { Kysely } from 'kysely';
import type { ChatDatabase } from '../../db/database.ts';
import { messagesRepository } from '../../db/repositories/messages.ts';
import { sessionsRepository } from '../../db/repositories/sessions.ts';
import { messageView, sessionView } from '../../domain/conversation.ts';
import { containsPattern, snippetAround } from '../../domain/search.ts';
import { requireUser } from '../../plugins/request-guards.ts';

const SESSION_PATH = '/api/chat/sessions/:id';

export async function sessionRoutes(app: ServiceApp): Promise<void> {
  const db = app.db as Kysely<ChatDatabase>;
  const sessions = sessionsRepository(db);
  const messages = messagesRepository(db);
  // Every query is scoped to the caller: another user's conversation is simply not found (404).
  app.addHook('onRequest', requireUser(app));
  const errors = { 400: apiErrorBody, 401: apiErrorBody, 404: apiErrorBody };
  const notFound = () => new AppError(404, CHAT_ERRORS.sessionNotFound, CHAT_TEXT.sessionNotFound);

  app.get(
    CHAT_PATHS.sessions,
    { schema: { tags: ['conversations'], summary: 'My conversations, newest activity first', querystring: sessionListQuery, response: { 200: sessionListResponse, ...errors } } },
    async (request) => {
      const { page, page_size } = request.query;
      const { rows, total } = await sessions.list(request.user.sub, page, page_size);
      return { success: true as const, sessions: rows.map(sessionView), total, page, page_size };
    },
  );

  app.post(
    CHAT_PATHS.sessions,
    { schema: { tags: ['conversations'], summary: 'Start a conversation (New Chat)', body: createSessionBody, response: { 201: sessionResponse, ...errors } } },
    async (request, reply) => {
      const session = await sessions.create(request.user.sub, request.body.title ?? null);
      return reply.status(201).send({ success: true as const, session: sessionView(session) });
    },
  );

  app.get(
    SESSION_PATH,
    { schema: { tags: ['conversations'], summary: 'One of my conversations', params: sessionParams, response: { 200: sessionResponse, ...errors } } },
    async (request) => {
      const session = await sessions.findOwned(request.user.sub, request.params.id);
      if (!session) throw notFound();
      return { success: true as const, session: sessionView(session) };
    },
  );

  app.patch(
    SESSION_PATH,
    { schema: { tags: ['conversations'], summary: 'Rename one of my conversations', params: sessionParams, body: renameSessionBody, response: { 200: sessionResponse, ...errors } } },
    async (request) => {
      const session = await sessions.rename(request.user.sub, request.params.id, request.body.title);
      if (!session) throw notFound();
      return { success: true as const, session: sessionView(session) };
    },
  );

  app.delete(
    SESSION_PATH,
    { schema: { tags: ['conversations'], summary: 'Delete one of my conversations and its messages', params: sessionParams, response: { 200: deletedResponse, ...errors } } },
    async (request) => {
      if (!(await sessions.delete(request.user.sub, request.params.id))) throw notFound();
      return { success: true as const };
    },
  );

  app.get(
    `${SESSION_PATH}/messages`,
    { schema: { tags: ['conversations'], summary: 'The messages of one of my conversations, oldest first', params: sessionParams, response: { 200: messagesResponse, ...errors } } },
    async (request) => {
      const session = await sessions.findOwned(request.user.sub, request.params.id);
      if (!session) throw notFound();
      const now = new Date();
      const rows = await messages.forSession(session.id);
      return { success: true as const, session: sessionView(session), messages: rows.map((row) => messageView(row, now)) };
    },
  );

  app.get(
    CHAT_PATHS.search,
    { schema: { tags: ['conversations'], summary: 'Search my conversations (titles and messages)', querystring: searchQuery, response: { 200: searchResponse, ...errors } } },
    async (request) => {
      const { q, limit } = request.query;
      const hits = await sessions.search(request.user.sub, containsPattern(q), limit);
      return {
        success: true as const,
        query: q,
        results: hits.map(({ session, message }) => {
          const text = message ? (message.user_prompt ?? message.ai_response ?? '') : (session.title ?? '');
          return {
            session: sessionView(session),
            message_id: message?.id ?? null,
            sender: message ? (message.user_prompt !== null ? ('user' as const) : ('ai' as const)) : null,
            snippet: snippetAround(text, q),
          };
        }),
      };
    },
  );
}
