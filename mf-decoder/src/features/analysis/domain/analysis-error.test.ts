import { ApiError } from '@keisha/contracts';
import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_FAILED_MESSAGE,
  ARTICLE_TOO_LONG_MESSAGE,
  classifyAnalysisError,
  INVALID_ARTICLE_MESSAGE,
  RATE_LIMIT_MESSAGE,
  SERVICE_NOT_ANSWERING_DETAIL,
  SERVICE_UNAVAILABLE_MESSAGE,
  UNKNOWN_ANALYSIS_ERROR,
} from './analysis-error.ts';

/** A refusal: the spec's words, no reason beneath, no Try Again. */
const message = (text: string) => ({ kind: 'message', message: text, retry: false });
/** The spec's words with the service's reason beneath, and Try Again when `retry`. */
const reasoned = (text: string, detail: string, retry: boolean) => ({ kind: 'message', message: text, detail, retry });

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

  it("turns the server's codes into the spec's messages, with the server's reason beneath", () => {
    expect(classifyAnalysisError(new ApiError(503, 'SERVICE_UNAVAILABLE', 'x'))).toEqual(reasoned(SERVICE_UNAVAILABLE_MESSAGE, 'x', true));
    expect(classifyAnalysisError(new ApiError(502, 'SERVICE_UNAVAILABLE', 'upstream timeout'))).toEqual(
      reasoned(SERVICE_UNAVAILABLE_MESSAGE, 'upstream timeout', true),
    );
    expect(classifyAnalysisError(new ApiError(429, 'RATE_LIMIT_EXCEEDED', 'slow down'))).toEqual(reasoned(RATE_LIMIT_MESSAGE, 'slow down', true));
    expect(classifyAnalysisError(new ApiError(429, 'RATE_LIMIT_EXCEEDED', RATE_LIMIT_MESSAGE))).toEqual({ kind: 'message', message: RATE_LIMIT_MESSAGE, retry: true });
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

  it('treats any other 429 as the rate limit, worth trying again, and a 401 as a lost sign-in', () => {
    expect(classifyAnalysisError(new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many requests'))).toEqual(
      reasoned(RATE_LIMIT_MESSAGE, 'Too many requests', true),
    );
    expect(classifyAnalysisError(new ApiError(401, 'UNAUTHENTICATED', 'Token expired'))).toEqual(message('Authentication required'));
  });

  it("keeps 'Analysis failed' for a service that cannot answer, with its reason beneath and Try Again", () => {
    const authDown = 'We could not confirm your sign-in just now. Please try again in a moment.';
    expect(classifyAnalysisError(new ApiError(503, 'AUTH_UNAVAILABLE', authDown))).toEqual(reasoned(ANALYSIS_FAILED_MESSAGE, authDown, true));
    const unreachable = 'The decoder service is not reachable. Please try again shortly.';
    expect(classifyAnalysisError(new ApiError(502, 'UPSTREAM_UNAVAILABLE', unreachable))).toEqual(reasoned(ANALYSIS_FAILED_MESSAGE, unreachable, true));
    expect(classifyAnalysisError(new ApiError(504, 'UPSTREAM_TIMEOUT', unreachable))).toEqual(reasoned(ANALYSIS_FAILED_MESSAGE, unreachable, true));
    expect(classifyAnalysisError(new ApiError(503, 'PLAN_UNAVAILABLE', 'Your plan cannot be checked just now.'))).toEqual(
      reasoned(ANALYSIS_FAILED_MESSAGE, 'Your plan cannot be checked just now.', true),
    );
    expect(classifyAnalysisError(new ApiError(503, 'ANALYSIS_FAILED', 'The analysis could not be completed. Please try again.'))).toEqual(
      reasoned(ANALYSIS_FAILED_MESSAGE, 'The analysis could not be completed. Please try again.', true),
    );
  });

  it('says the service is not answering when a 502, 503 or 504 came without a reason (a proxy’s page, an empty body)', () => {
    expect(classifyAnalysisError(new ApiError(502, 'NON_JSON', '502: <html>Bad gateway</html>'))).toEqual(
      reasoned(ANALYSIS_FAILED_MESSAGE, SERVICE_NOT_ANSWERING_DETAIL, true),
    );
    expect(classifyAnalysisError(new ApiError(503, 'HTTP_ERROR', 'Request failed (503)'))).toEqual(
      reasoned(ANALYSIS_FAILED_MESSAGE, SERVICE_NOT_ANSWERING_DETAIL, true),
    );
  });

  it("says 'Analysis failed' for any other error, with the server's reason when it gave one", () => {
    expect(classifyAnalysisError(new ApiError(404, 'NOT_FOUND', 'No route POST /api/bias-analysis'))).toEqual(
      reasoned(ANALYSIS_FAILED_MESSAGE, 'No route POST /api/bias-analysis', false),
    );
    expect(classifyAnalysisError(new ApiError(500, 'INTERNAL', 'boom'))).toEqual(reasoned(ANALYSIS_FAILED_MESSAGE, 'boom', false));
    expect(classifyAnalysisError(new ApiError(500, 'HTTP_ERROR', 'Request failed (500)'))).toEqual(message(ANALYSIS_FAILED_MESSAGE));
    expect(classifyAnalysisError(new Error('kaput'))).toEqual(message(ANALYSIS_FAILED_MESSAGE));
  });

  it('says an unknown error occurred when what was thrown is not an error', () => {
    expect(classifyAnalysisError('a string')).toEqual(message(UNKNOWN_ANALYSIS_ERROR));
    expect(classifyAnalysisError(undefined)).toEqual(message(UNKNOWN_ANALYSIS_ERROR));
    expect(classifyAnalysisError({ status: 500 })).toEqual(message(UNKNOWN_ANALYSIS_ERROR));
  });
});
