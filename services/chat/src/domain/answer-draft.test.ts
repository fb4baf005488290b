import { describe, expect, it } from 'vitest';
import { ANSWER_CUT_NOTE, answerDraft } from './answer-draft.ts';

const source = { title: 'Notes', url: 'https://example.org/notes' };

describe('answerDraft', () => {
  it('keeps the engine, its sources, every note and the text in order', () => {
    const draft = answerDraft();
    draft.start({ engine: 'llm', sources: [source], notes: ['first'] });
    expect(draft.append('Hello, ').piece).toBe('Hello, ');
    draft.note('second');
    draft.append('world');
    expect(draft.text).toBe('Hello, world');
    expect(draft.engine).toBe('llm');
    expect(draft.sources).toEqual([source]);
    expect(draft.notes).toEqual(['first', 'second']);
    expect(draft.modelFailed).toBe(false);
  });

  it('cuts the text at its maximum length, once, and says so', () => {
    const draft = answerDraft(10);
    expect(draft.append('12345')).toEqual({ piece: '12345', full: false });
    expect(draft.append('67890')).toEqual({ piece: '67890', full: false }); // exactly full is not cut
    expect(draft.append('x')).toEqual({ piece: '', full: true });
    expect(draft.text).toBe('1234567890');
    expect(draft.notes).toEqual([ANSWER_CUT_NOTE]);
    const over = answerDraft(4);
    expect(over.append('abcdef')).toEqual({ piece: 'abcd', full: true });
  });

  it('remembers that the configured model failed, and why an answer broke off', () => {
    const draft = answerDraft();
    expect(draft.engine).toBeNull();
    draft.start({ engine: 'embedded', sources: [], notes: [], modelFailed: true });
    draft.brokeOff('the model stopped answering');
    expect(draft.modelFailed).toBe(true);
    expect(draft.notes).toEqual(['The answer broke off: the model stopped answering.']);
  });
});
