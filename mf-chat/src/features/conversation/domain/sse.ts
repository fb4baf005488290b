// Reading the chat service's server-sent events (services/chat/README.md, "The stream") from a fetch
// body: an incremental parser of the event-stream format, and a checked decoding of each event, so a
// malformed event is dropped instead of breaking the transcript.
import type { ChatMessage, ChatStreamEvent, ChatUsage, StreamDoneEvent, StreamErrorEvent, StreamMetaEvent } from '@keisha/contracts/chat';

export interface RawEvent {
  event: string;
  data: string;
}

/**
 * An incremental parser of text/event-stream (the HTML standard's format): feed it decoded chunks as
 * they arrive, in any split, and it returns the events completed so far. Comments (`:`) are skipped,
 * several `data:` lines are joined with '\n', and an event without data is not dispatched.
 */
export function createEventStreamParser(): (chunk: string) => RawEvent[] {
  let buffer = '';
  // A chunk may end between the \r and the \n of one CRLF: that \n then ends nothing new.
  let endedWithCarriageReturn = false;
  return (chunk) => {
    const text = endedWithCarriageReturn && chunk.startsWith('\n') ? chunk.slice(1) : chunk;
    if (chunk !== '') endedWithCarriageReturn = chunk.endsWith('\r');
    buffer += text.replace(/\r\n?/g, '\n');
    const events: RawEvent[] = [];
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      const event = parseBlock(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (event) events.push(event);
    }
    return events;
  };
}

function parseBlock(block: string): RawEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length > 0 ? { event, data: data.join('\n') } : null;
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
