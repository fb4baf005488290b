import { describe, expect, it } from 'vitest';
import { classifyConnectivityFailure, CONNECTIVITY_MESSAGES } from './connectivity.ts';

describe('classifyConnectivityFailure', () => {
  it('says offline first, whatever the error', () => {
    expect(classifyConnectivityFailure(new TypeError('Failed to fetch'), false, false)).toBe('offline');
    expect(classifyConnectivityFailure(null, false, true)).toBe('offline');
  });

  it('recognises a test that ran out of time', () => {
    expect(classifyConnectivityFailure(new DOMException('aborted', 'AbortError'), true, true)).toBe('timeout');
    expect(classifyConnectivityFailure(new DOMException('signal timed out', 'TimeoutError'), true, false)).toBe('timeout');
  });

  it('tells a request that got no answer from any other failure', () => {
    expect(classifyConnectivityFailure(new TypeError('Failed to fetch'), true, false)).toBe('unreachable');
    expect(classifyConnectivityFailure(new Error('odd'), true, false)).toBe('failed');
    expect(classifyConnectivityFailure('odd', true, false)).toBe('failed');
  });

  it('has a message for every outcome', () => {
    expect(CONNECTIVITY_MESSAGES.ok).toBe('Connection OK');
    expect(CONNECTIVITY_MESSAGES.timeout).toContain('5 seconds');
  });
});
