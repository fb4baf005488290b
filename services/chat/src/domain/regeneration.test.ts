import { describe, expect, it } from 'vitest';
import { regenerationTarget } from './regeneration.ts';

const ask = (text: string) => ({ user_prompt: text, ai_response: null, streaming: false });
const answer = (text: string, streaming = false) => ({ user_prompt: null, ai_response: text, streaming });
const streaming = (row: { streaming: boolean }) => row.streaming;

describe('regenerationTarget', () => {
  it('answers the last message again, replacing every answer after it', () => {
    const rows = [ask('one'), answer('1'), ask('two'), answer('2a'), answer('2b')];
    expect(regenerationTarget(rows, streaming)).toEqual({ kind: 'target', lastUser: 2, after: [rows[3], rows[4]] });
    expect(regenerationTarget([ask('only')], streaming)).toEqual({ kind: 'target', lastUser: 0, after: [] });
  });

  it('has nothing to answer without a message from the person', () => {
    expect(regenerationTarget([], streaming)).toEqual({ kind: 'nothing-to-regenerate' });
    expect(regenerationTarget([answer('greeting')], streaming)).toEqual({ kind: 'nothing-to-regenerate' });
  });

  it('refuses while an answer after the last message is still being written', () => {
    expect(regenerationTarget([ask('one'), answer('1', true)], streaming)).toEqual({ kind: 'reply-in-progress' });
    // one being written before the last message does not stand in the way
    expect(regenerationTarget([answer('0', true), ask('one')], streaming).kind).toBe('target');
  });
});
