import { describe, expect, it } from 'vitest';
import { KNOWLEDGE } from './index.ts';
import { inScope, scopeSignals, scopeText } from './scope.ts';

describe("the library's scope", () => {
  it('reads a question as lower-case words, hyphens and apostrophes as spaces', () => {
    expect(scopeText('Anti-Racist “Dog-Whistles”, don’t!')).toBe('anti racist dog whistles don t');
  });

  it('takes one topic word, or two different context words', () => {
    expect(scopeSignals('Is this racist?')).toEqual({ topic: 1, context: 0 });
    expect(inScope('Who won the race in Monaco?')).toBe(false);
    expect(inScope('Why was race used in kidney tests?')).toBe(true);
    expect(inScope('What should I wear to a black tie wedding?')).toBe(false);
    expect(inScope('Why are Black patients scored as healthier?')).toBe(true);
    expect(inScope('What is the best AI laptop?')).toBe(false);
    expect(inScope('Is ChatGPT prejudiced?')).toBe(true);
    expect(inScope('Who wrote Pride and Prejudice?')).toBe(false);
  });

  it('covers every passage: its title or one of its keywords is in scope', () => {
    for (const passage of KNOWLEDGE) {
      expect([passage.title, ...passage.keywords].some(inScope), passage.id).toBe(true);
    }
  });
});
