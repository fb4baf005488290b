import { ApiError } from '@keisha/contracts';
import { describe, expect, it } from 'vitest';
import { analysisErrorMessage } from './analysis-error.ts';

describe('analysisErrorMessage', () => {
  it('shows the request error itself for a network failure', () => {
    expect(analysisErrorMessage(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'))).toBe('Failed to fetch');
  });

  it('recognises a network failure by its code as well as by status 0', () => {
    expect(analysisErrorMessage(new ApiError(503, 'NETWORK_ERROR', 'offline'))).toBe('offline');
    expect(analysisErrorMessage(new ApiError(0, 'ANY', 'connection lost'))).toBe('connection lost');
    expect(analysisErrorMessage(new ApiError(502, 'SERVICE_UNAVAILABLE', 'down'))).toBe('Analysis failed');
  });

  it("says 'Analysis failed' for a missing route (404) whatever the server's message", () => {
    expect(analysisErrorMessage(new ApiError(404, 'NOT_FOUND', 'No route POST /api/bias-analysis'))).toBe('Analysis failed');
  });

  it("says 'Analysis failed' for server errors, unexpected answers and unknown throws", () => {
    expect(analysisErrorMessage(new ApiError(500, 'INTERNAL', 'boom'))).toBe('Analysis failed');
    expect(analysisErrorMessage(new ApiError(200, 'BAD_RESPONSE', 'The server sent an unexpected answer.'))).toBe(
      'Analysis failed',
    );
    expect(analysisErrorMessage(new Error('kaput'))).toBe('Analysis failed');
    expect(analysisErrorMessage('a string')).toBe('Analysis failed');
    expect(analysisErrorMessage(undefined)).toBe('Analysis failed');
  });

  it("falls back to 'Analysis failed' when a network failure carries no message", () => {
    expect(analysisErrorMessage(new ApiError(0, 'NETWORK_ERROR', '  '))).toBe('Analysis failed');
  });
});
