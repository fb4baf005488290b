import { z } from 'zod';
import { accountIdsQuery, pagingQuery, pagedResponse } from '../common.ts';
import { isBlankText } from '../text.ts';
import { CHAT_TEXT, MESSAGE_MAX_CHARS, SEARCH_QUERY_MAX_CHARS, TITLE_MAX_CHARS } from './index.ts';

const timeZone = z
  .string({ error: CHAT_TEXT.unknownTimeZone })
  .trim()
  .min(1, { error: CHAT_TEXT.unknownTimeZone })
  .max(64, { error: CHAT_TEXT.unknownTimeZone })
  .regex(/^[A-Za-z0-9_+\-/]+$/, { error: CHAT_TEXT.unknownTimeZone });

const sessionId = z.uuid({ error: CHAT_TEXT.notASessionId });

export const messageText = z
  .string({ error: CHAT_TEXT.blankMessage })
  .max(MESSAGE_MAX_CHARS, { error: CHAT_TEXT.messageTooLong })
  // Blank is what shows nothing: spaces and invisible characters ("\u200b", bidi controls). An emoji is a message.
  .refine((text) => !isBlankText(text), { error: CHAT_TEXT.blankMessage });

export const sendMessageBody = z.strictObject({
  message: messageText,
  // Accepted so the spec's clients keep working, and ignored: Keisha's prompt is built on the server.
  system_prompt: z.string().max(MESSAGE_MAX_CHARS).nullable().optional(),
  session_id: sessionId.nullable().optional(),
  time_zone: timeZone.optional(),
});

/** A POST without a body arrives as null: treat it as {}. */
const optionalBody = <T extends z.ZodObject>(schema: T) => schema.nullish().transform((value) => value ?? ({} as z.infer<T>));

export const regenerateBody = optionalBody(z.strictObject({ time_zone: timeZone.optional() }));

const title = z
  .string({ error: CHAT_TEXT.blankTitle })
  .trim()
  .refine((text) => !isBlankText(text), { error: CHAT_TEXT.blankTitle })
  .max(TITLE_MAX_CHARS, { error: CHAT_TEXT.titleTooLong });

export const createSessionBody = optionalBody(z.strictObject({ title: title.nullable().optional() }));
export const renameSessionBody = z.strictObject({ title });
export const sessionParams = z.strictObject({ id: sessionId });

export const sessionListQuery = pagingQuery(100, 50);

export const searchQuery = z.object({
  q: z
    .string({ error: CHAT_TEXT.blankSearch })
    .trim()
    .refine((text) => !isBlankText(text), { error: CHAT_TEXT.blankSearch })
    .max(SEARCH_QUERY_MAX_CHARS, { error: `Search for at most ${SEARCH_QUERY_MAX_CHARS} characters.` })
    // PostgreSQL text cannot hold U+0000 (bodies are checked by the service kit; this is a query).
    .refine((q) => !q.includes('\u0000'), { error: 'Text cannot contain NUL characters.' }),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const usageQuery = z.object({ time_zone: timeZone.optional() });

export const adminUsageQuery = accountIdsQuery;

// Responses.

export const chatTier = z.enum(['Free', 'Starter', 'Pro', 'Gold']);
export const chatSource = z.object({ title: z.string(), url: z.string() });

export const chatSession = z.object({
  id: z.string(),
  title: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const chatMessage = z.object({
  id: z.string(),
  session_id: z.string(),
  sender: z.enum(['user', 'ai', 'system']),
  text: z.string(),
  status: z.enum(['complete', 'streaming', 'stopped', 'failed', 'corrupted']),
  engine: z.enum(['llm', 'embedded']).nullable(),
  sources: z.array(chatSource),
  notes: z.array(z.string()),
  created_at: z.string(),
});

export const chatUsage = z.object({
  plan: chatTier,
  messages_today: z.number().int(),
  daily_limit: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  unlimited: z.boolean(),
  limit_reached: z.boolean(),
  resets_at: z.string(),
  time_zone: z.string(),
});

export const sendMessageResponse = z.object({
  success: z.literal(true),
  response: z.string(),
  session_id: z.string(),
  user_message_id: z.string(),
  ai_message_id: z.string(),
  status: z.enum(['complete', 'stopped']),
  engine: z.enum(['llm', 'embedded']),
  sources: z.array(chatSource),
  notes: z.array(z.string()),
  usage: chatUsage,
});

export const messageLimitBody = z.object({
  success: z.literal(false),
  error: z.object({ code: z.string(), message: z.string() }),
  usage: chatUsage,
});

export const sessionResponse = z.object({ success: z.literal(true), session: chatSession });
export const sessionListResponse = pagedResponse('sessions', chatSession);
export const messagesResponse = z.object({ success: z.literal(true), session: chatSession, messages: z.array(chatMessage) });
export const deletedResponse = z.object({ success: z.literal(true) });
export const searchResponse = z.object({
  success: z.literal(true),
  query: z.string(),
  results: z.array(
    z.object({
      session: chatSession,
      message_id: z.string().nullable(),
      sender: z.enum(['user', 'ai']).nullable(),
      snippet: z.string(),
    }),
  ),
});
export const usageResponse = z.object({ success: z.literal(true), usage: chatUsage });
export const adminUsageResponse = z.object({
  success: z.literal(true),
  usage: z.record(z.string(), z.object({ chat_today: z.number().int() })),
});

/** The stream's media type, as documented in OpenAPI (the body itself is not JSON). */
export const eventStreamResponse = z.string().describe(
  'text/event-stream: events meta, delta, done | error, heartbeat; each `event: <name>\\ndata: <JSON>\\n\\n`',
);
