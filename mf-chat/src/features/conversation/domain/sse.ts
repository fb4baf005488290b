// Reading the chat service's server-sent events (services/chat/README.md, "The stream") from a fetch
// body: the event-stream format is read by eventsource-parser, and each event is decoded and checked
// here, so a malformed event is dropped instead of breaking the transcript.
import type { ChatMessage, ChatStreamEvent, ChatUsage, StreamDoneEvent, StreamErrorEvent, StreamMetaEvent } from '@keisha/contracts/chat';
import { createParser } from 'eventsource-parser';

export interface RawEvent {
  event: string;
  data: string;
}

/**
 * An incremental reader of text/event-stream: feed it decoded chunks as they arrive, in any split,
 * and it returns the events completed so far. An event without a type is a 'message', as in the
 * browser's EventSource.
 */
export function createEventStreamParser(): (chunk: string) => RawEvent[] {
  let completed: RawEvent[] = [];
  const parser = createParser({ onEvent: ({ event, data }) => completed.push({ event: event ?? 'message', data }) });
  return (chunk) => {
    parser.feed(chunk);
    const events = completed;
    completed = [];
    return events;
  };
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';

/** The usage in an event, or null when absent or not the expected shape. */
export function readUsage(value: unknown): ChatUsage | null {
  if (!isObject(value)) return null;
  const plans = ['Free', 'Starter', 'Pro', 'Gold'];
  if (!plans.includes(value.plan as string) || typeof value.messages_today !== 'number') return null;
  if (value.daily_limit !== null && typeof value.daily_limit !== 'number') return null;
  return value as unknown as ChatUsage;
}

function readMeta(data: Json): StreamMetaEvent | null {
  if (!isString(data.session_id) || !isString(data.user_message_id) || !isString(data.ai_message_id)) return null;
  if (!isObject(data.session) || !isString(data.session.id)) return null;
  return { ...(data as unknown as StreamMetaEvent), usage: readUsage(data.usage) as ChatUsage };
}

function readDone(data: Json): StreamDoneEvent | null {
  if (data.status !== 'complete' && data.status !== 'stopped') return null;
  if (!isObject(data.message) || !isString(data.message.text)) return null;
  return { status: data.status, message: data.message as unknown as ChatMessage, usage: readUsage(data.usage) as ChatUsage };
}

function readError(data: Json): StreamErrorEvent {
  return {
    code: isString(data.code) ? data.code : 'AI_REPLY_FAILED',
    message: isString(data.message) ? data.message : '',
    reason: isString(data.reason) ? data.reason : '',
    message_id: isString(data.message_id) ? data.message_id : null,
    usage: readUsage(data.usage),
  };
}

/** One raw event as a typed chat event, or null when it is unknown or malformed (ignored by the reader). */
export function decodeChatEvent(raw: RawEvent): ChatStreamEvent | null {
  let data: unknown;
  try {
    data = JSON.parse(raw.data);
  } catch {
    return null;
  }
  if (!isObject(data)) return null;
  switch (raw.event) {
    case 'meta': {
      const meta = readMeta(data);
      return meta ? { event: 'meta', data: meta } : null;
    }
    case 'delta':
      return isString(data.text) ? { event: 'delta', data: { text: data.text } } : null;
    case 'done': {
      const done = readDone(data);
      return done ? { event: 'done', data: done } : null;
    }
    case 'error':
      return { event: 'error', data: readError(data) };
    case 'heartbeat':
      return { event: 'heartbeat', data: { at: isString(data.at) ? data.at : '' } };
    default:
      return null;
  }
}
