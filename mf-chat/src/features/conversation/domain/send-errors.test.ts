import { ApiError } from '@keisha/contracts';
import { CHAT_TEXT } from '@keisha/contracts/chat';
import { describe, expect, it } from 'vitest';
import { describeSendError, replyFailureMessage, SEND_FAILED, serviceReasonOf } from './send-errors.ts';

describe('describeSendError', () => {
  it('opens the paywall on the daily limit', () => {
    expect(describeSendError(new ApiError(429, 'MESSAGE_LIMIT_EXCEEDED', 'You have used your 10 free messages'))).toEqual({ paywall: true });
  });

  it('shows the service’s own message for a refused message', () => {
    expect(describeSendError(new ApiError(400, 'VALIDATION', CHAT_TEXT.messageTooLong))).toEqual({ paywall: false, message: CHAT_TEXT.messageTooLong, retry: false });
    expect(describeSendError(new ApiError(404, 'SESSION_NOT_FOUND', 'No such conversation.'))).toEqual({ paywall: false, message: 'No such conversation.', retry: false });
    expect(describeSendError(new ApiError(429, 'RATE_LIMITED', 'Slow down'))).toEqual({ paywall: false, message: 'Slow down', retry: true });
  });

  it('shows the reason of a service that could not answer, never a sign-out, and offers Try Again', () => {
    const authDown = 'We could not confirm your sign-in just now. Please try again in a moment.';
    expect(describeSendError(new ApiError(503, 'AUTH_UNAVAILABLE', authDown))).toEqual({ paywall: false, message: authDown, retry: true });
    expect(describeSendError(new ApiError(503, 'PLAN_UNAVAILABLE', 'Your plan cannot be checked just now.'))).toEqual({
      paywall: false,
      message: 'Your plan cannot be checked just now.',
      retry: true,
    });
    const unreachable = 'The chat service is not reachable. Please try again shortly.';
    expect(describeSendError(new ApiError(502, 'UPSTREAM_UNAVAILABLE', unreachable))).toEqual({ paywall: false, message: unreachable, retry: true });
    expect(describeSendError(new ApiError(504, 'UPSTREAM_TIMEOUT', unreachable))).toEqual({ paywall: false, message: unreachable, retry: true });
    expect(describeSendError(new ApiError(503, 'AI_REPLY_FAILED', CHAT_TEXT.replyFailed))).toEqual({ paywall: false, message: CHAT_TEXT.replyFailed, retry: true });
    expect(describeSendError(new ApiError(500, 'INTERNAL', 'Something went wrong on our side'))).toEqual({
      paywall: false,
      message: 'Something went wrong on our side',
      retry: false,
    });
  });

  it('says what the limit is when the body is too large, and that guests cannot chat', () => {
    expect(describeSendError(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.'))).toEqual({ paywall: false, message: CHAT_TEXT.messageTooLong, retry: false });
    expect(describeSendError(new ApiError(401, 'UNAUTHENTICATED', 'Invalid or expired token'))).toEqual({ paywall: false, message: CHAT_TEXT.signedOut, retry: false });
  });

  it('apologises for failures that carry no message, offering Try Again where waiting helps', () => {
    for (const error of [new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'), new ApiError(502, 'HTTP_ERROR', 'Bad gateway'), new ApiError(503, 'NON_JSON', '503: <html>')]) {
      expect(describeSendError(error)).toEqual({ paywall: false, message: SEND_FAILED, retry: true });
    }
    for (const error of [new ApiError(400, 'X', ' '), new TypeError('boom'), 'odd']) {
      expect(describeSendError(error)).toEqual({ paywall: false, message: SEND_FAILED, retry: false });
    }
  });
});

describe('serviceReasonOf', () => {
  it('is the message of a service that could not answer, or of a rate limit', () => {
    expect(serviceReasonOf(new ApiError(503, 'AUTH_UNAVAILABLE', 'We could not confirm your sign-in just now.'))).toBe('We could not confirm your sign-in just now.');
    expect(serviceReasonOf(new ApiError(429, 'RATE_LIMITED', 'Slow down'))).toBe('Slow down');
  });

  it('is nothing for a refusal, a failure without a message, or a network failure', () => {
    expect(serviceReasonOf(new ApiError(404, 'SESSION_NOT_FOUND', 'No such conversation.'))).toBeUndefined();
    expect(serviceReasonOf(new ApiError(502, 'HTTP_ERROR', 'Request failed (502)'))).toBeUndefined();
    expect(serviceReasonOf(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'))).toBeUndefined();
    expect(serviceReasonOf(new Error('boom'))).toBeUndefined();
  });
});

describe('replyFailureMessage', () => {
  it('keeps the stream’s message, or gives the spec’s', () => {
    expect(replyFailureMessage('Custom')).toBe('Custom');
    expect(replyFailureMessage('')).toBe(CHAT_TEXT.replyFailed);
  });
});
