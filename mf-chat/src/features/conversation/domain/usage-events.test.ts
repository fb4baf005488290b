import { ApiError } from '@keisha/contracts';
import { CHAT_EVENTS } from '@keisha/contracts/analytics';
import type { StreamDoneEvent, StreamMetaEvent } from '@keisha/contracts/chat';
import { describe, expect, it } from 'vitest';
import { usage } from '../../../test-support/fake-platform.ts';
import { acceptedEvents, replyCompletedEvent, replyErrorEvent, replyStoppedEvent, replyThrownEvent } from './usage-events.ts';
import { StreamBroken } from '../api/stream-reply.ts';

const at = '2030-01-01T10:00:00.000Z';
const meta = (sessionCreated: boolean): StreamMetaEvent => ({
  session_id: 's1',
  user_message_id: 'u1',
  ai_message_id: 'a1',
  session_created: sessionCreated,
  session: { id: 's1', title: 'Private title', created_at: at, updated_at: at },
  usage: usage({ plan: 'Starter', messages_today: 4, daily_limit: null, unlimited: true }),
});

describe('chat usage events', () => {
  it('a first message starts a conversation and is sent; a later one is only sent; Regenerate sends no message', () => {
    expect(acceptedEvents(meta(true), { kind: 'message', characters: 42 })).toEqual([
      { event: CHAT_EVENTS.sessionStarted, properties: { source: 'first_message' } },
      { event: CHAT_EVENTS.messageSent, properties: { characters: 42, new_conversation: true, plan: 'Starter', messages_today: 4 } },
    ]);
    expect(acceptedEvents(meta(false), { kind: 'message', characters: 7 }).map((e) => e.event)).toEqual([CHAT_EVENTS.messageSent]);
    expect(acceptedEvents(meta(false), { kind: 'regenerate' })).toEqual([]);
  });

  it('an answer completed carries its engine, status, whether it was regenerated, and a whole duration', () => {
    const done = { status: 'complete', message: { engine: 'llm' }, usage: usage() } as unknown as StreamDoneEvent;
    expect(replyCompletedEvent(done, { kind: 'regenerate' }, 1234.6)).toEqual({
      event: CHAT_EVENTS.replyCompleted,
      properties: { engine: 'llm', status: 'complete', regenerated: true, duration_ms: 1235 },
    });
    expect(replyCompletedEvent(done, { kind: 'message', characters: 1 }, -5).properties.duration_ms).toBe(0);
  });

  it('a failure says where it happened and its code, never the words of the reason', () => {
    const streamed = replyErrorEvent({ code: 'AI_REPLY_FAILED', message: 'Sorry', reason: 'quoted model output', message_id: null, usage: null }, { kind: 'message', characters: 3 });
    expect(streamed.properties).toEqual({ stage: 'answer', status: null, code: 'AI_REPLY_FAILED', regenerated: false });
    expect(JSON.stringify(streamed)).not.toContain('quoted');

    expect(replyThrownEvent(new ApiError(429, 'RATE_LIMITED', 'Slow down'), false, { kind: 'message', characters: 3 }).properties).toEqual({
      stage: 'refused',
      status: 429,
      code: 'RATE_LIMITED',
      regenerated: false,
    });
    expect(replyThrownEvent(new StreamBroken(), true, { kind: 'regenerate' }).properties).toEqual({ stage: 'connection', status: null, code: 'StreamBroken', regenerated: true });
    expect(replyThrownEvent('odd', true, { kind: 'regenerate' }).properties.code).toBe('UNKNOWN');
    expect(String(replyThrownEvent(new ApiError(500, 'X'.repeat(200), 'm'), false, { kind: 'regenerate' }).properties.code)).toHaveLength(64);
  });

  it('a stop says whether the service had taken the ask', () => {
    expect(replyStoppedEvent(false, { kind: 'message', characters: 2 })).toEqual({ event: CHAT_EVENTS.replyStopped, properties: { accepted: false, regenerated: false } });
  });
});
