// What the conversation records for the admin analytics (the chat's `chat_` events): pure builders, so what an
// event carries is decided and tested in one place. Counts, enums and codes only: never a message's text, a
// conversation's title or id, or the reader's account.
import { ApiError } from '@keisha/contracts';
import { CHAT_EVENTS, type ChatEventName } from '@keisha/contracts/analytics';
import type { StreamDoneEvent, StreamErrorEvent, StreamMetaEvent } from '@keisha/contracts/chat';

export interface ChatEvent {
  event: ChatEventName;
  properties: Record<string, unknown>;
}

/** One ask: a message (with its length) or Regenerate. */
export type Ask = { kind: 'message'; characters: number } | { kind: 'regenerate' };

/** Where an answer failed: refused before it started, the service's error event, or the connection lost. */
export type FailureStage = 'refused' | 'answer' | 'connection';

/** The service accepted the ask (its meta event): the message counted, and the conversation it may have created. */
export function acceptedEvents(meta: StreamMetaEvent, ask: Ask): ChatEvent[] {
  const events: ChatEvent[] = [];
  if (meta.session_created) events.push({ event: CHAT_EVENTS.sessionStarted, properties: { source: 'first_message' } });
  if (ask.kind === 'message') {
    events.push({
      event: CHAT_EVENTS.messageSent,
      properties: { characters: ask.characters, new_conversation: meta.session_created, plan: meta.usage.plan, messages_today: meta.usage.messages_today },
    });
  }
  return events;
}

export function replyCompletedEvent(done: StreamDoneEvent, ask: Ask, durationMs: number): ChatEvent {
  return {
    event: CHAT_EVENTS.replyCompleted,
    properties: { engine: done.message.engine, status: done.status, regenerated: ask.kind === 'regenerate', duration_ms: Math.max(0, Math.round(durationMs)) },
  };
}

/** The stream's error event: its code (the reason in words may quote the model, so it stays out). */
export function replyErrorEvent(error: StreamErrorEvent, ask: Ask): ChatEvent {
  return { event: CHAT_EVENTS.replyFailed, properties: { stage: 'answer' satisfies FailureStage, status: null, code: error.code, regenerated: ask.kind === 'regenerate' } };
}

/** A refusal before the answer started, or a connection lost after: the HTTP status and code when there is one. */
export function replyThrownEvent(error: unknown, accepted: boolean, ask: Ask): ChatEvent {
  const stage: FailureStage = accepted ? 'connection' : 'refused';
  const status = error instanceof ApiError ? error.status : null;
  const code = error instanceof ApiError ? error.code : error instanceof Error ? error.name : 'UNKNOWN';
  return { event: CHAT_EVENTS.replyFailed, properties: { stage, status, code: code.slice(0, 64), regenerated: ask.kind === 'regenerate' } };
}

export function replyStoppedEvent(accepted: boolean, ask: Ask): ChatEvent {
  return { event: CHAT_EVENTS.replyStopped, properties: { accepted, regenerated: ask.kind === 'regenerate' } };
}
