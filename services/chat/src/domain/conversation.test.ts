import { describe, expect, it } from 'vitest';
import { STALE_STREAM_MS, isLiveStream, messageView, modelHistory, sameTurns, sessionView, sourcesOf, titleFrom, type StoredMessage } from './conversation.ts';

const at = new Date('2026-11-21T12:00:00Z');
const row = (over: Partial<StoredMessage>): StoredMessage => ({
  id: 'm1',
  session_id: 's1',
  user_prompt: null,
  ai_response: null,
  status: 'complete',
  engine: null,
  sources: '[]',
  notes: '[]',
  created_at: at,
  ...over,
});

describe('titleFrom', () => {
  it('takes the first message’s opening words on one line, without markdown marks', () => {
    expect(titleFrom('  What is\n\n white   supremacy? ')).toBe('What is white supremacy?');
    expect(titleFrom('# Heading\n> quoted line')).toBe('Heading quoted line');
    expect(titleFrom('```js\ncode\n```\nExplain this code')).toBe('Explain this code');
    expect(titleFrom('```only code```')).toBe('```only code```');
  });
  it('cuts a long message at a word, with an ellipsis', () => {
    const title = titleFrom('word '.repeat(40));
    expect(title.length).toBeLessThanOrEqual(61);
    expect(title).toMatch(/^(word )+word…$/);
    expect(titleFrom('x'.repeat(100))).toBe(`${'x'.repeat(60)}…`);
  });
});

describe('messageView', () => {
  it('shows a user row as the person’s bubble and an ai row as Keisha’s', () => {
    expect(messageView(row({ user_prompt: 'Hello <b>there</b>' }), at)).toEqual({
      id: 'm1',
      session_id: 's1',
      sender: 'user',
      text: 'Hello <b>there</b>',
      status: 'complete',
      engine: null,
      sources: [],
      notes: [],
      created_at: '2026-11-21T12:00:00.000Z',
    });
    const ai = messageView(row({ ai_response: 'Answer', engine: 'llm', sources: [{ title: 'T', url: 'https://x.org' }], notes: '["n"]', status: 'stopped' }), at);
    expect(ai).toMatchObject({ sender: 'ai', text: 'Answer', engine: 'llm', status: 'stopped', sources: [{ title: 'T', url: 'https://x.org' }], notes: ['n'] });
  });
  it('shows a row with both texts or neither as a corrupted system bubble, never failing', () => {
    expect(messageView(row({ user_prompt: 'a', ai_response: 'b' }), at)).toMatchObject({ sender: 'system', status: 'corrupted', text: '' });
    expect(messageView(row({}), at)).toMatchObject({ sender: 'system', status: 'corrupted' });
    expect(messageView(row({ user_prompt: 'a', status: 'weird' }), at)).toMatchObject({ status: 'corrupted' });
  });
  it('shows an answer stuck in streaming without a lease (written before leases) as stopped after 15 minutes', () => {
    expect(messageView(row({ ai_response: 'part', status: 'streaming' }), new Date(at.getTime() + 1000)).status).toBe('streaming');
    expect(messageView(row({ ai_response: 'part', status: 'streaming' }), new Date(at.getTime() + STALE_STREAM_MS + 1)).status).toBe('stopped');
  });
  it('shows an answer whose lease ran out as failed (the sweep is about to mark it so and give its message back)', () => {
    const leased = row({ ai_response: '', status: 'streaming', lease_until: new Date(at.getTime() + 30_000) });
    expect(messageView(leased, new Date(at.getTime() + 29_999)).status).toBe('streaming');
    expect(messageView(leased, new Date(at.getTime() + 30_000)).status).toBe('failed');
  });
  it('reads sources defensively', () => {
    expect(sourcesOf('not json')).toEqual([]);
    expect(sourcesOf('[{"title":1},{"title":"ok","url":"/x"},null]')).toEqual([{ title: 'ok', url: '/x' }]);
    expect(sourcesOf({ title: 'x' })).toEqual([]);
  });
});

describe('isLiveStream', () => {
  const self = { instance: 'host:4003', process: 'p2' };
  const leased = (over: Partial<StoredMessage>) => row({ ai_response: '', status: 'streaming', lease_until: new Date(at.getTime() + 30_000), ...over });
  it('is live while its lease holds, whoever writes it', () => {
    expect(isLiveStream(leased({ stream_instance: 'other:4003', stream_process: 'p9' }), at, self)).toBe(true);
    expect(isLiveStream(leased({ stream_instance: 'host:4003', stream_process: 'p2' }), at, self)).toBe(true);
    expect(isLiveStream(leased({}), new Date(at.getTime() + 30_000), self)).toBe(false);
    expect(isLiveStream(leased({ status: 'failed' }), at, self)).toBe(false);
  });
  it('is dead at once when an earlier process of this instance wrote it, once this process serves the instance', () => {
    expect(isLiveStream(leased({ stream_instance: 'host:4003', stream_process: 'p1' }), at, self)).toBe(false);
    expect(isLiveStream(leased({ stream_instance: 'host:4003', stream_process: 'p1' }), at)).toBe(true);
  });
  it('gives a row without a lease the old 15 minutes', () => {
    expect(isLiveStream(row({ status: 'streaming' }), new Date(at.getTime() + STALE_STREAM_MS - 1), self)).toBe(true);
    expect(isLiveStream(row({ status: 'streaming' }), new Date(at.getTime() + STALE_STREAM_MS), self)).toBe(false);
  });
});

describe('sessionView', () => {
  it('gives dates as ISO strings', () => {
    expect(sessionView({ id: 's', title: null, created_at: at, updated_at: at })).toEqual({ id: 's', title: null, created_at: at.toISOString(), updated_at: at.toISOString() });
  });
});

describe('modelHistory', () => {
  const user = (text: string) => row({ user_prompt: text });
  const ai = (text: string, status = 'complete') => row({ ai_response: text, status });

  it('keeps bubbles in order, without failed, empty or unfinished answers and corrupted rows', () => {
    expect(
      modelHistory([user('q1'), ai('a1'), user('q2'), ai('partial', 'failed'), user('q3'), ai('', 'stopped'), ai('cut', 'stopped'), ai('x', 'streaming'), row({ user_prompt: 'a', ai_response: 'b' })]),
    ).toEqual([
      { role: 'user', content: 'q1' },
      { role: 'assistant', content: 'a1' },
      { role: 'user', content: 'q2' },
      { role: 'user', content: 'q3' },
      { role: 'assistant', content: 'cut' },
    ]);
  });
  it('keeps the newest turns within the budget, and never starts with an answer', () => {
    const rows = [user('q1'), ai('a1'), user('q2'), ai('a2'), user('q3'), ai('a3')];
    expect(modelHistory(rows, { maxTurns: 3, maxChars: 1000 })).toEqual([{ role: 'user', content: 'q3' }, { role: 'assistant', content: 'a3' }]);
    expect(modelHistory(rows, { maxTurns: 4, maxChars: 1000 }).map((t) => t.content)).toEqual(['q2', 'a2', 'q3', 'a3']);
    expect(modelHistory([user('x'.repeat(50)), ai('y'.repeat(50))], { maxTurns: 10, maxChars: 60 })).toEqual([]);
  });
});

describe('sameTurns', () => {
  const q = { role: 'user' as const, content: 'What is redlining?' };
  const a = { role: 'assistant' as const, content: 'A practice of refusing loans by neighbourhood.' };
  it('is true only for the same turns in the same order', () => {
    expect(sameTurns([], [])).toBe(true);
    expect(sameTurns([q, a], [{ ...q }, { ...a }])).toBe(true);
    expect(sameTurns([q, a], [q])).toBe(false);
    expect(sameTurns([q, a], [a, q])).toBe(false);
    expect(sameTurns([q], [{ ...q, content: 'What is redlining' }])).toBe(false);
    expect(sameTurns([q], [{ ...q, role: 'assistant' }])).toBe(false);
  });
});
