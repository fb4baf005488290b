// POST /api/chat/stream and POST /api/chat/sessions/:id/regenerate, read as server-sent events with
// fetch and a ReadableStream reader (an EventSource cannot POST or send a bearer token). Stop is the
// caller aborting the signal: the service then stops the model and saves the partial answer.
import { ApiError } from '@keisha/contracts';
import {
  CHAT_ERRORS,
  CHAT_PATHS,
  CHAT_TEXT,
  type ChatUsage,
  type SendMessageRequest,
  type StreamDoneEvent,
  type StreamErrorEvent,
  type StreamMetaEvent,
} from '@keisha/contracts/chat';
import { session, SIGN_IN_UNCONFIRMED_MESSAGE } from '@keisha/store';
import { readerTimeZone } from '../../../lib/time-zone.ts';
import { createEventStreamParser, decodeChatEvent, readUsage } from '../domain/sse.ts';

/** The service refused the message before answering (400, 401, 404, 409, 413, 429...). */
export class ReplyRefused extends ApiError {
  /** With MESSAGE_LIMIT_EXCEEDED: the day's usage, for the paywall. */
  readonly usage: ChatUsage | null;
  constructor(status: number, code: string, message: string, usage: ChatUsage | null = null) {
    super(status, code, message);
    this.name = 'ReplyRefused';
    this.usage = usage;
  }
}

/** The connection ended before the answer did (no done or error event). */
export class StreamBroken extends Error {
  constructor() {
    super('The connection closed before the answer was complete.');
    this.name = 'StreamBroken';
  }
}

export interface StreamHandlers {
  onMeta: (meta: StreamMetaEvent) => void;
  onDelta: (text: string) => void;
}

export type StreamOutcome = { kind: 'done'; done: StreamDoneEvent } | { kind: 'error'; error: StreamErrorEvent };

async function refusalOf(response: Response): Promise<ReplyRefused> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const error = typeof body === 'object' && body !== null ? (body as { error?: { code?: unknown; message?: unknown }; usage?: unknown }) : {};
  const code = typeof error.error?.code === 'string' ? error.error.code : 'HTTP_ERROR';
  const message = typeof error.error?.message === 'string' && error.error.message.trim() !== '' ? error.error.message : '';
  return new ReplyRefused(response.status, code, message, readUsage(error.usage));
}

async function post(path: string, body: object, token: string, signal: AbortSignal): Promise<Response> {
  try {
    return await fetch(path, {
      method: 'POST',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (signal.aborted) throw cause;
    throw new ApiError(0, 'NETWORK_ERROR', cause instanceof Error ? cause.message : String(cause));
  }
}

/** Reads the events of an accepted stream until its done or error event. */
async function readEvents(response: Response, handlers: StreamHandlers): Promise<StreamOutcome> {
  if (!response.body) throw new StreamBroken();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parse = createEventStreamParser();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new StreamBroken();
      for (const raw of parse(value)) {
        const event = decodeChatEvent(raw);
        if (!event) continue;
        switch (event.event) {
          case 'meta':
            handlers.onMeta(event.data);
            break;
          case 'delta':
            handlers.onDelta(event.data.text);
            break;
          case 'done':
            return { kind: 'done', done: event.data };
          case 'error':
            return { kind: 'error', error: event.data };
          case 'heartbeat':
            break;
        }
      }
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/**
 * Opens the stream with the access token. A token the service refuses (401) is renewed once and the request
 * sent again: only identity says whether a session is over. Identity unable to renew it throws its own reason
 * (503, not a sign-out); a token identity has just issued and the service still refuses means the service
 * cannot check sign-ins just now (503 too), never that the reader is signed out.
 */
async function openStream(path: string, body: object, signal: AbortSignal): Promise<Response> {
  const token = await session.accessToken();
  if (!token) throw new ReplyRefused(401, CHAT_ERRORS.unauthenticated, CHAT_TEXT.signedOut);
  const response = await post(path, body, token, signal);
  if (response.status !== 401) return response;
  const renewed = await session.renewAccessToken();
  if (!renewed) throw await refusalOf(response);
  const again = await post(path, body, renewed, signal);
  if (again.status === 401) throw new ReplyRefused(503, 'AUTH_UNAVAILABLE', SIGN_IN_UNCONFIRMED_MESSAGE);
  return again;
}

async function stream(path: string, body: object, handlers: StreamHandlers, signal: AbortSignal): Promise<StreamOutcome> {
  const response = await openStream(path, body, signal);
  if (!response.ok) throw await refusalOf(response);
  return readEvents(response, handlers);
}

/** Sends a message (a new conversation when `sessionId` is null) and streams Keisha's answer. */
export function streamMessage(message: string, sessionId: string | null, handlers: StreamHandlers, signal: AbortSignal): Promise<StreamOutcome> {
  const timeZone = readerTimeZone();
  const body: SendMessageRequest = { message, ...(sessionId ? { session_id: sessionId } : {}), ...(timeZone ? { time_zone: timeZone } : {}) };
  return stream(CHAT_PATHS.stream, body, handlers, signal);
}

/** Answers the conversation's last question again, replacing the last answer. */
export function streamRegenerate(sessionId: string, handlers: StreamHandlers, signal: AbortSignal): Promise<StreamOutcome> {
  const timeZone = readerTimeZone();
  return stream(CHAT_PATHS.regenerate(sessionId), timeZone ? { time_zone: timeZone } : {}, handlers, signal);
}
