import { ApiError } from '@keisha/contracts';
import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_FAILED_MESSAGE,
  ARTICLE_TOO_LONG_MESSAGE,
  classifyAnalysisError,
  INVALID_ARTICLE_MESSAGE,
  RATE_LIMIT_MESSAGE,
  SERVICE_UNAVAILABLE_MESSAGE,
  UNKNOWN_ANALYSIS_ERROR,
} from './analysis-error.ts';

const message = (text: string) => ({ kind: 'message', message: text });

describe('classifyAnalysisError', () => {
  it('sends a used-up daily allowance to the paywall, by code or by message', () => {
    expect(classifyAnalysisError(new ApiError(429, 'USAGE_LIMIT_EXCEEDED', 'Daily usage limit exceeded'))).toEqual({ kind: 'limit' });
    expect(classifyAnalysisError(new ApiError(403, 'FORBIDDEN', 'USAGE_LIMIT_EXCEEDED for today'))).toEqual({ kind: 'limit' });
    expect(classifyAnalysisError(new Error('Usage limit exceeded'))).toEqual({ kind: 'limit' });
    expect(classifyAnalysisError(new Error('Daily usage limit exceeded'))).toEqual({ kind: 'limit' });
    expect(classifyAnalysisError(new Error('You have analysed too many articles today'))).toEqual({ kind: 'limit' });
    expect(classifyAnalysisError('usage limit exceeded')).toEqual({ kind: 'limit' });
  });

  it('shows the connection panel when the request never got an answer', () => {
    expect(classifyAnalysisError(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'))).toEqual({ kind: 'connection' });
    expect(classifyAnalysisError(new TypeError('Network request failed'))).toEqual({ kind: 'connection' });
    expect(classifyAnalysisError(new DOMException('signal timed out', 'TimeoutError'))).toEqual({ kind: 'connection' });
  });

  it("turns the server's codes into the spec's messages", () => {
    expect(classifyAnalysisError(new ApiError(503, 'SERVICE_UNAVAILABLE', 'x'))).toEqual(message(SERVICE_UNAVAILABLE_MESSAGE));
    expect(classifyAnalysisError(new ApiError(502, 'SERVICE_UNAVAILABLE', 'upstream timeout'))).toEqual(
      message(SERVICE_UNAVAILABLE_MESSAGE),
    );
    expect(classifyAnalysisError(new ApiError(429, 'RATE_LIMIT_EXCEEDED', 'slow down'))).toEqual(message(RATE_LIMIT_MESSAGE));
    expect(classifyAnalysisError(new ApiError(400, 'INVALID_ARTICLE', 'Please paste an article text to analyze.'))).toEqual(
      message(INVALID_ARTICLE_MESSAGE),
    );
  });

  it('says the article is too long, with the limit, for a 413', () => {
    expect(classifyAnalysisError(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Body too large'))).toEqual(message(ARTICLE_TOO_LONG_MESSAGE));
    expect(classifyAnalysisError(new ApiError(413, 'NON_JSON', '413: <html>'))).toEqual(message(ARTICLE_TOO_LONG_MESSAGE));
    expect(ARTICLE_TOO_LONG_MESSAGE).toContain('200,000 characters');
  });

  it("reads the service's schema refusals (code VALIDATION) as an invalid or too-long article", () => {
    expect(classifyAnalysisError(new ApiError(400, 'VALIDATION', 'Text cannot contain NUL characters.'))).toEqual(
      message(INVALID_ARTICLE_MESSAGE),
    );
    expect(classifyAnalysisError(new ApiError(400, 'VALIDATION', 'The article is too long: at most 200,000 characters.'))).toEqual(
      message(ARTICLE_TOO_LONG_MESSAGE),
    );
    expect(classifyAnalysisError(new ApiError(400, 'BAD_REQUEST', 'odd'))).toEqual(message(INVALID_ARTICLE_MESSAGE));
  });

  it('treats any other 429 as the rate limit and a 401 as a lost sign-in', () => {
    expect(classifyAnalysisError(new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many requests'))).toEqual(message(RATE_LIMIT_MESSAGE));
    expect(classifyAnalysisError(new ApiError(401, 'UNAUTHENTICATED', 'Token expired'))).toEqual(message('Authentication required'));
  });

  it("says 'Analysis failed' for any other error", () => {
    expect(classifyAnalysisError(new ApiError(404, 'NOT_FOUND', 'No route POST /api/bias-analysis'))).toEqual(
      message(ANALYSIS_FAILED_MESSAGE),
    );
    expect(classifyAnalysisError(new ApiError(500, 'INTERNAL', 'boom'))).toEqual(message(ANALYSIS_FAILED_MESSAGE));
    expect(classifyAnalysisError(new Error('kaput'))).toEqual(message(ANALYSIS_FAILED_MESSAGE));
  });

  it('says an unknown error occurred when what was thrown is not an error', () => {
    expect(classifyAnalysisError('a string')).toEqual(message(UNKNOWN_ANALYSIS_ERROR));
    expect(classifyAnalysisError(undefined)).toEqual(message(UNKNOWN_ANALYSIS_ERROR));
    expect(classifyAnalysisError({ status: 500 })).toEqual(message(UNKNOWN_ANALYSIS_ERROR));
  });
});
