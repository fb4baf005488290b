import { describe, expect, it } from 'vitest';
import { canSend } from './composer.ts';
import { SUGGESTIONS } from './suggestions.ts';

describe('SUGGESTIONS', () => {
  it('offers one sendable prompt for each of the four topics of the spec', () => {
    expect(SUGGESTIONS.map((s) => s.topic)).toEqual(['ai-bias', 'white-supremacy', 'enterprise-ethics', 'counter-racism']);
    for (const suggestion of SUGGESTIONS) expect(canSend(suggestion.prompt)).toBe(true);
  });

  it('has no two chips with the same text', () => {
    expect(new Set(SUGGESTIONS.map((s) => s.prompt)).size).toBe(SUGGESTIONS.length);
  });
});
