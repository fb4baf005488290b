import { describe, expect, it } from 'vitest';
import {
  bubbleFromMessage,
  bubblesFromMessages,
  canRegenerate,
  CORRUPTED_MESSAGE,
  EMPTY_TRANSCRIPT,
  isAnswering,
  retryTextOf,
  transcriptReducer,
  type TranscriptAction,
  type TranscriptState,
} from './bubbles.ts';

const at = '2030-01-01T10:00:00.000Z';
const run = (actions: TranscriptAction[], from: TranscriptState = EMPTY_TRANSCRIPT) => actions.reduce(transcriptReducer, from);
const ask: TranscriptAction[] = [
  { type: 'sent', id: 'local-1', text: 'What is redlining?', at },
  { type: 'accepted', sessionId: 's1', userMessageId: 'u1', aiMessageId: 'a1', at },
];
const saved = (text: string, status: 'complete' | 'stopped' = 'complete') =>
  bubbleFromMessage({ id: 'a1', session_id: 's1', sender: 'ai', text, status, engine: 'embedded', sources: [], notes: [], created_at: at }, 'x');

describe('transcriptReducer: an answer streams', () => {
  it('shows the question at once, then the answer word by word, then the saved answer', () => {
    const sent = run([ask[0]!]);
    expect(sent.phase).toBe('waiting');
    expect(sent.bubbles).toMatchObject([{ sender: 'user', text: 'What is redlining?', status: 'pending' }]);
    expect(isAnswering(sent)).toBe(true);

    const accepted = run([ask[1]!], sent);
    expect(accepted.sessionId).toBe('s1');
    expect(accepted.bubbles).toMatchObject([{ id: 'u1', status: 'complete' }, { id: 'a1', sender: 'ai', text: '', status: 'streaming' }]);
    expect(accepted.phase).toBe('waiting'); // still "Keisha is thinking" until the first words

    const streaming = run([{ type: 'delta', text: 'Redlining ' }, { type: 'delta', text: 'was...' }], accepted);
    expect(streaming.phase).toBe('streaming');
    expect(streaming.bubbles[1]).toMatchObject({ text: 'Redlining was...' });

    const done = run([{ type: 'finished', message: saved('Redlining was a policy.') }], streaming);
    expect(done.phase).toBe('idle');
    expect(done.bubbles[1]).toMatchObject({ id: 'a1', text: 'Redlining was a policy.', status: 'complete' });
    expect(canRegenerate(done)).toBe(true);
  });

  it('keeps a stopped answer, marked stopped', () => {
    const state = run([...ask, { type: 'delta', text: 'Partial' }, { type: 'stopped' }]);
    expect(state.phase).toBe('idle');
    expect(state.bubbles[1]).toMatchObject({ text: 'Partial', status: 'stopped' });
  });

  it('keeps a partial answer that failed, and says so in a system bubble; an empty one goes', () => {
    const partial = run([...ask, { type: 'delta', text: 'Half' }, { type: 'failed', id: 'e1', message: 'Sorry', at }]);
    expect(partial.bubbles.map((b) => [b.sender, b.status, b.error])).toEqual([
      ['user', 'complete', false],
      ['ai', 'failed', true],
      ['system', 'complete', true],
    ]);
    const empty = run([...ask, { type: 'failed', id: 'e1', message: 'Sorry', at }]);
    expect(empty.bubbles.map((b) => b.sender)).toEqual(['user', 'system']);
  });

  it('takes a refused message back out of the transcript and says why', () => {
    const state = run([{ type: 'sent', id: 'local-1', text: 'x'.repeat(100), at }, { type: 'refused', id: 'e1', message: 'Too long', at }]);
    expect(state.bubbles).toMatchObject([{ sender: 'system', text: 'Too long', error: true }]);
    expect(state.phase).toBe('idle');
    // The paywall says it instead of a bubble.
    expect(run([{ type: 'sent', id: 'l', text: 'hi', at }, { type: 'refused', id: 'e', message: null, at }]).bubbles).toEqual([]);
  });
});

describe('transcriptReducer: a message the service could not take just then', () => {
  const refused = run([
    { type: 'sent', id: 'local-1', text: 'Is anyone there?', at },
    { type: 'refused', id: 'e1', message: 'We could not confirm your sign-in just now.', at, retryText: 'Is anyone there?' },
  ]);

  it('says why in a notice that offers to send the message again', () => {
    expect(refused.bubbles).toMatchObject([{ sender: 'system', text: 'We could not confirm your sign-in just now.', retryText: 'Is anyone there?' }]);
    expect(retryTextOf(refused)).toBe('Is anyone there?');
  });

  it('drops the notice when the message is sent again, and keeps it for another message', () => {
    const again = run([{ type: 'sent', id: 'local-2', text: 'Is anyone there?', at }], refused);
    expect(again.bubbles.map((b) => [b.sender, b.text])).toEqual([['user', 'Is anyone there?']]);
    expect(retryTextOf(again)).toBeUndefined();
    const other = run([{ type: 'sent', id: 'local-2', text: 'Something else', at }], refused);
    expect(other.bubbles.map((b) => b.sender)).toEqual(['system', 'user']);
  });

  it('offers nothing for a notice that is not the last word, or while an answer is coming', () => {
    expect(retryTextOf(run([{ type: 'systemError', id: 'e2', message: 'Later', at }], refused))).toBeUndefined();
    expect(retryTextOf(run([{ type: 'sent', id: 'local-2', text: 'Other', at }], refused))).toBeUndefined();
  });

  it('carries the reason a service gave beneath a notice the spec words itself', () => {
    const state = run([{ type: 'systemError', id: 'e', message: "Sorry, I couldn't start a new chat session. Please try again.", at, notes: ['Chat is unavailable.'] }]);
    expect(state.bubbles[0]).toMatchObject({ sender: 'system', notes: ['Chat is unavailable.'] });
  });
});

describe('transcriptReducer: regenerate', () => {
  const answered = run([...ask, { type: 'finished', message: saved('First answer') }]);

  it('replaces the last answer with the new one', () => {
    const waiting = run([{ type: 'regenerating' }], answered);
    expect(waiting.bubbles.map((b) => b.sender)).toEqual(['user']);
    const again = run([{ type: 'accepted', sessionId: 's1', userMessageId: 'u1', aiMessageId: 'a2', at }, { type: 'delta', text: 'Second' }], waiting);
    expect(again.bubbles.map((b) => [b.id, b.text])).toEqual([
      ['u1', 'What is redlining?'],
      ['a2', 'Second'],
    ]);
  });

  it('puts the answer back when the regenerate is refused', () => {
    const refused = run([{ type: 'regenerating' }, { type: 'refused', id: 'e', message: 'Busy', at }], answered);
    expect(refused.bubbles.map((b) => b.text)).toEqual(['What is redlining?', 'First answer', 'Busy']);
  });

  it('is offered only when idle, in a saved conversation, after an answered question', () => {
    expect(canRegenerate(EMPTY_TRANSCRIPT)).toBe(false);
    expect(canRegenerate(run([...ask, { type: 'delta', text: 'x' }]))).toBe(false);
    expect(canRegenerate(run([{ type: 'systemError', id: 'e', message: 'x', at }]))).toBe(false);
  });
});

describe('transcriptReducer: conversations', () => {
  it('clears for a new chat and loads another conversation, ignoring a late answer for the previous one', () => {
    const loading = run([{ type: 'loading', sessionId: 's2' }]);
    expect(loading.phase).toBe('loading');
    expect(run([{ type: 'loaded', sessionId: 's1', bubbles: [] }], loading)).toBe(loading);
    const loaded = run([{ type: 'loaded', sessionId: 's2', bubbles: [saved('Hi')] }], loading);
    expect(loaded).toMatchObject({ sessionId: 's2', phase: 'idle' });
    expect(run([{ type: 'cleared', sessionId: null }], loaded)).toEqual(EMPTY_TRANSCRIPT);
  });
});

describe('stored messages', () => {
  it('reads user, ai and failed rows', () => {
    expect(bubblesFromMessages([
      { id: 'u', sender: 'user', text: '<script>x</script>', status: 'complete', created_at: at, notes: [] },
      { id: 'a', sender: 'ai', text: 'Half', status: 'failed', created_at: at, notes: ['The answer broke off.', 7] },
    ])).toEqual([
      { id: 'u', sender: 'user', text: '<script>x</script>', status: 'complete', error: false, timestamp: at, notes: [] },
      { id: 'a', sender: 'ai', text: 'Half', status: 'failed', error: true, timestamp: at, notes: ['The answer broke off.'] },
    ]);
  });

  it('shows a corrupted or malformed row as the corrupted-data error, keeping the others', () => {
    const bubbles = bubblesFromMessages([
      { id: 'c', sender: 'system', text: '', status: 'corrupted', created_at: at },
      { id: 'd', sender: 'robot', text: 'x', status: 'complete' },
      { id: 'e', sender: 'ai', text: null, status: 'complete' },
      null,
      'text',
      { id: 'f', sender: 'user', text: 'fine', status: 'complete', created_at: at },
    ])!;
    expect(bubbles.map((b) => [b.sender, b.text])).toEqual([
      ['system', CORRUPTED_MESSAGE],
      ['system', CORRUPTED_MESSAGE],
      ['system', CORRUPTED_MESSAGE],
      ['system', CORRUPTED_MESSAGE],
      ['system', CORRUPTED_MESSAGE],
      ['user', 'fine'],
    ]);
    expect(new Set(bubbles.map((b) => b.id)).size).toBe(6);
  });

  it('refuses an answer that is not a list', () => {
    expect(bubblesFromMessages({ messages: [] })).toBeNull();
  });
});
