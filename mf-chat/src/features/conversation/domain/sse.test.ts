import { describe, expect, it } from 'vitest';
import { createEventStreamParser, decodeChatEvent } from './sse.ts';

const usage = { plan: 'Free', messages_today: 1, daily_limit: 10, remaining: 9, unlimited: false, limit_reached: false, resets_at: '2030-01-02T00:00:00.000Z', time_zone: 'UTC' };

describe('createEventStreamParser', () => {
  it('reads events whatever the chunk boundaries, even one character at a time', () => {
    const body = 'event: meta\ndata: {"a":1}\n\nevent: delta\ndata: {"text":"Hel"}\n\nevent: delta\ndata: {"text":"lo"}\n\n';
    for (const size of [1, 2, 5, 7, body.length]) {
      const parse = createEventStreamParser();
      const events = [];
      for (let i = 0; i < body.length; i += size) events.push(...parse(body.slice(i, i + size)));
      expect(events).toEqual([
        { event: 'meta', data: '{"a":1}' },
        { event: 'delta', data: '{"text":"Hel"}' },
        { event: 'delta', data: '{"text":"lo"}' },
      ]);
    }
  });

  it('keeps an unfinished event until its blank line arrives', () => {
    const parse = createEventStreamParser();
    expect(parse('event: delta\ndata: {"text":"x"}\n')).toEqual([]);
    expect(parse('\n')).toEqual([{ event: 'delta', data: '{"text":"x"}' }]);
  });

  it('accepts CRLF and CR line endings, also split between chunks', () => {
    const parse = createEventStreamParser();
    expect([...parse('event: a\r\ndata: 1\r'), ...parse('\n\r'), ...parse('\nevent: b\rdata: 2\r\r')]).toEqual([
      { event: 'a', data: '1' },
      { event: 'b', data: '2' },
    ]);
  });

  it('skips comments, joins several data lines, and ignores events without data', () => {
    const parse = createEventStreamParser();
    expect(parse(': keep-alive\n\nevent: x\n\ndata: one\ndata: two\n\n')).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });
});

describe('decodeChatEvent', () => {
  it('decodes the events of the chat stream', () => {
    const meta = { session_id: 's1', user_message_id: 'u1', ai_message_id: 'a1', session_created: true, session: { id: 's1', title: 'Hi', created_at: '', updated_at: '' }, usage };
    expect(decodeChatEvent({ event: 'meta', data: JSON.stringify(meta) })).toEqual({ event: 'meta', data: meta });
    expect(decodeChatEvent({ event: 'delta', data: '{"text":"<b>x</b>"}' })).toEqual({ event: 'delta', data: { text: '<b>x</b>' } });
    const message = { id: 'a1', session_id: 's1', sender: 'ai', text: 'Hello', status: 'complete', engine: 'embedded', sources: [], notes: [], created_at: '' };
    expect(decodeChatEvent({ event: 'done', data: JSON.stringify({ status: 'complete', message, usage }) })).toEqual({
      event: 'done',
      data: { status: 'complete', message, usage },
    });
    expect(decodeChatEvent({ event: 'error', data: '{"code":"AI_REPLY_FAILED","message":"Sorry","reason":"cut","message_id":"a1","usage":null}' })).toEqual({
      event: 'error',
      data: { code: 'AI_REPLY_FAILED', message: 'Sorry', reason: 'cut', message_id: 'a1', usage: null },
    });
    expect(decodeChatEvent({ event: 'heartbeat', data: '{"at":"now"}' })).toEqual({ event: 'heartbeat', data: { at: 'now' } });
  });

  it('drops what is malformed or unknown instead of throwing', () => {
    expect(decodeChatEvent({ event: 'delta', data: 'not json' })).toBeNull();
    expect(decodeChatEvent({ event: 'delta', data: '{"text":42}' })).toBeNull();
    expect(decodeChatEvent({ event: 'delta', data: '["text"]' })).toBeNull();
    expect(decodeChatEvent({ event: 'meta', data: '{"session_id":"s"}' })).toBeNull();
    expect(decodeChatEvent({ event: 'done', data: '{"status":"weird","message":{"text":""}}' })).toBeNull();
    expect(decodeChatEvent({ event: 'surprise', data: '{}' })).toBeNull();
  });

  it('still reports an error event whose fields are missing, with empty texts', () => {
    expect(decodeChatEvent({ event: 'error', data: '{}' })).toEqual({
      event: 'error',
      data: { code: 'AI_REPLY_FAILED', message: '', reason: '', message_id: null, usage: null },
    });
  });
});
