import { describe, expect, it } from 'vitest';
import { canSend, isSendKey } from './composer.ts';

describe('canSend', () => {
  it('refuses an empty or blank draft', () => {
    expect(canSend('')).toBe(false);
    expect(canSend('  \n\t')).toBe(false);
  });

  it('refuses a draft of invisible characters only, which trim() keeps', () => {
    for (const draft of ['\u200b\u200b\u200b', '\u202e', '\ufeff', ' \u200d\u2060 ', '\u2800']) expect(canSend(draft)).toBe(false);
  });

  it('sends an emoji alone', () => {
    expect(canSend('\u{1F642}')).toBe(true);
    expect(canSend('\u2764\ufe0f')).toBe(true);
  });

  it('accepts a draft with visible text', () => {
    expect(canSend('What is redlining?')).toBe(true);
    expect(canSend('  ?  ')).toBe(true);
  });
});

describe('isSendKey', () => {
  it('sends on a plain Enter', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: false })).toBe(true);
  });

  it('keeps Shift+Enter for a new line', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: true, isComposing: false })).toBe(false);
  });

  it('leaves the Enter that ends an input-method composition alone', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
  });

  it('ignores other keys', () => {
    expect(isSendKey({ key: 'a', shiftKey: false, isComposing: false })).toBe(false);
  });
});
