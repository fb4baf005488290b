import { ApiError, retryHelps, serverMessageOf } from '@keisha/contracts';
import { ARTICLE_MAX_CHARS, DECODER_ERRORS } from '@keisha/contracts/decoder';
import { isNetworkTypeError } from './network-error.ts';

// Spec section 8 ("Analysis"): what a failed analysis leads to. The messages are the spec's, except the
// SERVICE_UNAVAILABLE and too-long texts, whose wording the spec leaves to us.
export const ANALYSIS_FAILED_MESSAGE = 'Analysis failed';
export const UNKNOWN_ANALYSIS_ERROR = 'An unknown error occurred during analysis.';
export const SERVICE_UNAVAILABLE_MESSAGE =
  'The analysis service is unavailable because it requires authentication. Please sign in or contact support.';
export const RATE_LIMIT_MESSAGE = 'You have exceeded the rate limit. Please wait before making another request.';
export const INVALID_ARTICLE_MESSAGE = 'The article content is invalid. Please check your input and try again.';
/** Spec section 8 ("Usage sync", requireAuth): the server no longer accepts who the reader says they are. */
export const AUTHENTICATION_REQUIRED_MESSAGE = 'Authentication required';
export const ARTICLE_TOO_LONG_MESSAGE = `This article is too long to analyze. Please shorten it to ${ARTICLE_MAX_CHARS.toLocaleString('en-US')} characters or fewer.`;
/** Not in the spec: beneath 'Analysis failed' when the service (or the edge) could not answer and sent no reason. */
export const SERVICE_NOT_ANSWERING_DETAIL = 'The analysis service is not answering just now. Please try again in a moment.';

const PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE';
/** The services' code for a request body their schema refused (blank, too long, NUL characters). */
const VALIDATION = 'VALIDATION';

/** Spec section 8: messages that mean the daily allowance is used up, and so lead to the paywall. */
const LIMIT_PHRASES = ['usage_limit_exceeded', 'usage limit exceeded', 'daily usage limit exceeded', 'too many articles'];

export type AnalysisProblem =
  /** The daily allowance is used up: show the paywall, not an error. */
  | { kind: 'limit' }
  /** The request never got an answer: show the connection-problem panel. */
  | { kind: 'connection' }
  /**
   * `message`: the spec's words for the failure; `detail`: the service's own reason, shown beneath them;
   * `retry`: the same article may well go through shortly (429, 502, 503, 504), so Try Again is offered.
   */
  | { kind: 'message'; message: string; detail?: string; retry: boolean };

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  return '';
}

export function isUsageLimitError(error: unknown): boolean {
  if (error instanceof ApiError && error.code === DECODER_ERRORS.usageLimit) return true;
  const message = messageOf(error).toLowerCase();
  return LIMIT_PHRASES.some((phrase) => message.includes(phrase));
}

/** A refusal of the article itself: the spec's words, and nothing to try again. */
const refusal = (message: string): AnalysisProblem => ({ kind: 'message', message, retry: false });

/** The spec's words, with the service's reason beneath them when it gave one of its own. */
function withReason(message: string, error: ApiError, fallback?: string): AnalysisProblem {
  const said = serverMessageOf(error) ?? fallback;
  const detail = said !== undefined && said !== message ? said : undefined;
  return { kind: 'message', message, ...(detail ? { detail } : {}), retry: retryHelps(error) };
}

/** What a failed analysis shows: the paywall, the connection-problem panel, or a message. */
export function classifyAnalysisError(error: unknown): AnalysisProblem {
  if (isUsageLimitError(error)) return { kind: 'limit' };
  if (isNetworkTypeError(error)) return { kind: 'connection' };
  if (error instanceof ApiError) {
    switch (error.code) {
      case DECODER_ERRORS.unavailable:
        return withReason(SERVICE_UNAVAILABLE_MESSAGE, error);
      case DECODER_ERRORS.rateLimited:
        return withReason(RATE_LIMIT_MESSAGE, error);
      case DECODER_ERRORS.invalidArticle:
        return refusal(INVALID_ARTICLE_MESSAGE);
      case PAYLOAD_TOO_LARGE:
        return refusal(ARTICLE_TOO_LONG_MESSAGE);
    }
    if (error.status === 413) return refusal(ARTICLE_TOO_LONG_MESSAGE);
    // The analysis route's own refusal of the article (its schema: blank, too long, NUL characters).
    if (error.code === VALIDATION || error.status === 400) {
      return refusal(/too long|too large/i.test(error.message) ? ARTICLE_TOO_LONG_MESSAGE : INVALID_ARTICLE_MESSAGE);
    }
    if (error.status === 429) return withReason(RATE_LIMIT_MESSAGE, error);
    if (error.status === 401) return refusal(AUTHENTICATION_REQUIRED_MESSAGE);
    // Anything else, a service or identity that could not answer included (502 UPSTREAM_UNAVAILABLE, 503
    // AUTH_UNAVAILABLE, ANALYSIS_FAILED...): the spec's 'Analysis failed', and beneath it the real reason.
    const unavailable = error.status === 502 || error.status === 503 || error.status === 504;
    return withReason(ANALYSIS_FAILED_MESSAGE, error, unavailable ? SERVICE_NOT_ANSWERING_DETAIL : undefined);
  }
  if (error instanceof Error) return refusal(ANALYSIS_FAILED_MESSAGE);
  return refusal(UNKNOWN_ANALYSIS_ERROR);
}
