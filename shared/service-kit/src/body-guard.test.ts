import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, findBodyProblem } from './body-guard.ts';

const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('findBodyProblem', () => {
  it('accepts ordinary bodies, including well-formed astral characters', () => {
    expect(findBodyProblem({ text: 'Keisha 👩🏾‍🏫 reads the news', tags: ['a', { b: 1 }], n: null })).toBeNull();
    expect(findBodyProblem(undefined)).toBeNull();
    expect(findBodyProblem(nested(MAX_BODY_DEPTH))).toBeNull();
  });

  it('refuses a lone surrogate in a value or a key', () => {
    expect(findBodyProblem({ text: 'a \ud800 b' })).toBe('surrogate');
    expect(findBodyProblem({ text: 'end \udfff' })).toBe('surrogate');
    expect(findBodyProblem({ ['k\udc00']: 1 })).toBe('surrogate');
    expect(findBodyProblem(['ok', ['\ud83d']])).toBe('surrogate');
  });

  it('refuses NUL anywhere', () => {
    expect(findBodyProblem({ a: [{ b: 'x\u0000y' }] })).toBe('nul');
    expect(findBodyProblem({ ['\u0000']: 'x' })).toBe('nul');
  });

  it('refuses nesting past the limit without recursing (5,000 deep)', () => {
    expect(findBodyProblem(nested(MAX_BODY_DEPTH + 1))).toBe('depth');
    expect(findBodyProblem(JSON.parse('['.repeat(5000) + ']'.repeat(5000)))).toBe('depth');
  });
});
