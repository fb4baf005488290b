// Contracts of the chat service (zod-free; browsers import this module).
// Every chat route needs a signed-in user (Authorization: Bearer <access token>).

export const CHAT_SERVICE = 'chat';

export const CHAT_PATHS = {
  /** POST, JSON: the spec's call (`message` in, `response` out). */
  send: '/api/chat',
  /** POST, answered as server-sent events (see ChatStreamEvent). */
  stream: '/api/chat/stream',
  /** GET my conversations (newest activity first); POST creates one. */
  sessions: '/api/chat/sessions',
  /** GET one conversation, PATCH renames it, DELETE deletes it with its messages. */
  session: (id: string) => `/api/chat/sessions/${encodeURIComponent(id)}`,
  /** GET the messages of one conversation, oldest first. */
  messages: (id: string) => `/api/chat/sessions/${encodeURIComponent(id)}/messages`,
  /** POST: answer the last user message again, replacing the last answer (SSE, or JSON without `Accept: text/event-stream`). */
  regenerate: (id: string) => `/api/chat/sessions/${encodeURIComponent(id)}/regenerate`,
  /** GET ?q=: search my conversations (titles and messages). */
  search: '/api/chat/search',
  /** GET ?time_zone=: today's message count ('Messages today: n / 10'). */
  usage: '/api/chat/usage',
  /** GET ?user_ids=a,b (administrators): today's message count per account. */
  adminUsage: '/api/chat/admin/usage',
} as const;

/** Chat plans (spec sections 3, 6 and 9). */
export type ChatTier = 'Free' | 'Starter' | 'Pro' | 'Gold';
export const CHAT_TIERS: readonly ChatTier[] = ['Free', 'Starter', 'Pro', 'Gold'];
/** Spec section 9: a Free account sends 10 messages a day; the other plans are unlimited. */
export const FREE_DAILY_MESSAGES = 10;

/** The longest message accepted, in characters (a long article fits; 100 KB does not). */
export const MESSAGE_MAX_CHARS = 20_000;
export const TITLE_MAX_CHARS = 120;
export const SEARCH_QUERY_MAX_CHARS = 200;

/** What a person reads for each refusal (the UI may show `error.message` as is). */
export const CHAT_TEXT = {
  /** Spec section 5: a blank message is not sent. */
  blankMessage: 'A blank message is not sent. Please type a message.',
  messageTooLong: `Your message is too long: at most ${MESSAGE_MAX_CHARS.toLocaleString('en-US')} characters.`,
  blankTitle: 'A conversation title cannot be blank.',
  titleTooLong: `A conversation title has at most ${TITLE_MAX_CHARS} characters.`,
  blankSearch: 'Type something to search for.',
  notASessionId: 'Not a conversation id.',
  sessionNotFound: 'No such conversation.',
  /** Spec section 6: guests cannot chat. */
  signedOut: 'You must be logged in to chat.',
  /** Issue 27: the chat needs a confirmed address (the mf-chat notice offers a new link). */
  emailNotVerified: 'Confirm your e-mail address to use the chat: open the link we sent you when you signed up, or ask for a new one.',
  messageLimit: `You have used your ${FREE_DAILY_MESSAGES} free messages for today. Upgrade your plan to keep chatting, or come back after midnight.`,
  /** Spec section 8: an AI reply failure. */
  replyFailed: "I apologize, but I'm having trouble processing your request right now. Please try again in a moment.",
  replyInProgress: 'Keisha is still answering in this conversation. Wait for the answer, or stop it, and try again.',
  nothingToRegenerate: 'There is no message in this conversation to answer again.',
  unknownTimeZone: 'Unknown time zone',
} as const;

export const CHAT_ERRORS = {
  /** 400: a body, query or path value is invalid (blank message, too long, bad id...). */
  validation: 'VALIDATION',
  /** 401: no or bad token. */
  unauthenticated: 'UNAUTHENTICATED',
  /** 403: the account has not confirmed its e-mail address yet (whatever its plan). */
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  /** 404: the conversation does not exist or is someone else's. */
  sessionNotFound: 'SESSION_NOT_FOUND',
  /** 409: an answer is still streaming in this conversation (regenerate). */
  replyInProgress: 'REPLY_IN_PROGRESS',
  /** 409: regenerate in a conversation with no user message. */
  nothingToRegenerate: 'NOTHING_TO_REGENERATE',
  /** 413: the request body is over 256 KB. */
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  /** 429 with `usage`: the daily message limit; the UI opens the paywall ('Upgrade to Continue'). */
  messageLimit: 'MESSAGE_LIMIT_EXCEEDED',
  /** 429: too many requests per minute from one address (not the daily limit). */
  rateLimited: 'RATE_LIMITED',
  /** 503 (JSON) or an `error` event (stream): the answer failed; the message did not use up a daily message. */
  replyFailed: 'AI_REPLY_FAILED',
} as const;

export type ChatEngine = 'llm' | 'embedded';

/**
 * complete: answered in full. streaming: being written now. stopped: the person stopped it (or left);
 * the partial answer is kept. failed: the model broke off; the partial answer is kept and the message
 * was not counted. corrupted: a stored row that is not one bubble (show the corrupted-data error).
 */
export type MessageStatus = 'complete' | 'streaming' | 'stopped' | 'failed' | 'corrupted';

export interface ChatSource {
  title: string;
  url: string;
}

export interface ChatSession {
  id: string;
  /** null until the first message names it (show 'New Chat'). */
  title: string | null;
  created_at: string;
  /** The last activity; lists are ordered by it, newest first. */
  updated_at: string;
}

/** One bubble. A stored `messages` row holds either `user_prompt` (sender user) or `ai_response` (sender ai). */
export interface ChatMessage {
  id: string;
  session_id: string;
  sender: 'user' | 'ai' | 'system';
  /** Plain text (markdown for ai); never HTML to interpret. */
  text: string;
  status: MessageStatus;
  /** For ai messages: which engine wrote it. */
  engine: ChatEngine | null;
  sources: ChatSource[];
  /** Said to the reader, e.g. that the model was unreachable and the offline responder answered. */
  notes: string[];
  created_at: string;
}

/** Today's messages ('Messages today: n / 10'). */
export interface ChatUsage {
  plan: ChatTier;
  messages_today: number;
  /** null: unlimited. */
  daily_limit: number | null;
  remaining: number | null;
  unlimited: boolean;
  limit_reached: boolean;
  /** The next local midnight of the time zone sent, ISO 8601. */
  resets_at: string;
  time_zone: string;
}

export interface SendMessageRequest {
  message: string;
  /** Accepted for the spec's clients and IGNORED: the server builds Keisha's prompt. */
  system_prompt?: string | null;
  /** Omitted or null: a new conversation is created. */
  session_id?: string | null;
  /** IANA time zone of the person, so the day resets at their midnight (default UTC). */
  time_zone?: string;
}

export interface SendMessageResponse {
  success: true;
  /** The spec's field: the answer text. */
  response: string;
  session_id: string;
  user_message_id: string;
  ai_message_id: string;
  status: 'complete' | 'stopped';
  engine: ChatEngine;
  sources: ChatSource[];
  notes: string[];
  usage: ChatUsage;
}

export interface RegenerateRequest {
  time_zone?: string;
}

export interface SessionResponse {
  success: true;
  session: ChatSession;
}
export interface SessionListResponse {
  success: true;
  sessions: ChatSession[];
  total: number;
  page: number;
  page_size: number;
}
export interface MessagesResponse {
  success: true;
  session: ChatSession;
  messages: ChatMessage[];
}
export interface SearchHit {
  session: ChatSession;
  /** The newest matching message, or null when only the title matched. */
  message_id: string | null;
  sender: 'user' | 'ai' | null;
  /** A short plain-text excerpt around the match. */
  snippet: string;
}
export interface SearchResponse {
  success: true;
  query: string;
  results: SearchHit[];
}
export interface UsageResponse {
  success: true;
  usage: ChatUsage;
}
export interface AdminUsageResponse {
  success: true;
  usage: Record<string, { chat_today: number }>;
}
/** 429 MESSAGE_LIMIT_EXCEEDED. */
export interface MessageLimitBody {
  success: false;
  error: { code: 'MESSAGE_LIMIT_EXCEEDED'; message: string };
  usage: ChatUsage;
}

// Server-sent events of POST /api/chat/stream and of regenerate. Each event is
// `event: <name>\ndata: <JSON>\n\n`. Order: meta, delta*, then exactly one of done or error;
// heartbeat may come at any time (ignore it). A refusal before the stream starts (400, 401, 404,
// 409, 413, 429) is an ordinary JSON error response, not a stream: check `response.ok` first.

export interface StreamMetaEvent {
  session_id: string;
  user_message_id: string;
  ai_message_id: string;
  /** True when this message created the conversation. */
  session_created: boolean;
  session: ChatSession;
  usage: ChatUsage;
}
export interface StreamDeltaEvent {
  text: string;
}
export interface StreamDoneEvent {
  /** stopped: the service cut the answer short (shutting down); the partial answer is saved. */
  status: 'complete' | 'stopped';
  /** The whole answer, as saved. */
  message: ChatMessage;
  usage: ChatUsage;
}
export interface StreamErrorEvent {
  code: string;
  /** Spec section 8's AI reply failure message, to show as a system bubble. */
  message: string;
  /** Why, in plain words (e.g. 'the model stopped sending for 20 s'), for logs and a details line. */
  reason: string;
  /** The saved (partial) ai message, marked failed. */
  message_id: string | null;
  usage: ChatUsage | null;
}
export interface StreamHeartbeatEvent {
  at: string;
}

export type ChatStreamEvent =
  | { event: 'meta'; data: StreamMetaEvent }
  | { event: 'delta'; data: StreamDeltaEvent }
  | { event: 'done'; data: StreamDoneEvent }
  | { event: 'error'; data: StreamErrorEvent }
  | { event: 'heartbeat'; data: StreamHeartbeatEvent };

/**
 * Service to service: identity asks the chat service to erase a deleted account's data (schema:
 * `accountErasureResponse` in common). Internal token only; never from a browser.
 */
export const INTERNAL_ACCOUNT_ERASURE_PATH = '/internal/chat/accounts/:user_id';
export const internalAccountErasurePath = (userId: string) => `/internal/chat/accounts/${encodeURIComponent(userId)}`;

/**
 * Service to service: identity asks the chat service for what it holds about an account, for the reader's own
 * download (schema: `accountExportPart` in common). Internal token only; never from a browser.
 */
export const INTERNAL_ACCOUNT_EXPORT_PATH = '/internal/chat/accounts/:user_id/export';
export const internalAccountExportPath = (userId: string) => `/internal/chat/accounts/${encodeURIComponent(userId)}/export`;
