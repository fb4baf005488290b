import { describe, expect, it } from 'vitest';
import { backDestination } from './back-navigation.ts';

describe('backDestination', () => {
  it.each([
    [0, '/'],
    [1, '/'],
    [2, '/'],
    [3, -1],
    [50, -1],
  ] as const)('with %i history entries goes to %j', (length, destination) => {
    expect(backDestination(length)).toBe(destination);
  });
});
