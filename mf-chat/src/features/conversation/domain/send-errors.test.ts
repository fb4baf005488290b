import { ApiError } from '@keisha/contracts';
import { CHAT_TEXT } from '@keisha/contracts/chat';
import { describe, expect, it } from 'vitest';
import { describeSendError, replyFailureMessage, SEND_FAILED } from './send-errors.ts';

describe('describeSendError', () => {
  it('opens the paywall on the daily limit', () => {
    expect(describeSendError(new ApiError(429, 'MESSAGE_LIMIT_EXCEEDED', 'You have used your 10 free messages'))).toEqual({ paywall: true });
  });

  it('shows the service’s own message for a refused message', () => {
    expect(describeSendError(new ApiError(400, 'VALIDATION', CHAT_TEXT.messageTooLong))).toEqual({ paywall: false, message: CHAT_TEXT.messageTooLong });
    expect(describeSendError(new ApiError(404, 'SESSION_NOT_FOUND', 'No such conversation.'))).toEqual({ paywall: false, message: 'No such conversation.' });
    expect(describeSendError(new ApiError(429, 'RATE_LIMITED', 'Slow down'))).toEqual({ paywall: false, message: 'Slow down' });
  });

  it('says what the limit is when the body is too large, and that guests cannot chat', () => {
    expect(describeSendError(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.'))).toEqual({ paywall: false, message: CHAT_TEXT.messageTooLong });
    expect(describeSendError(new ApiError(401, 'UNAUTHENTICATED', 'Invalid or expired token'))).toEqual({ paywall: false, message: CHAT_TEXT.signedOut });
  });

  it('apologises for failures that are not the person’s', () => {
    for (const error of [new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'), new ApiError(502, 'HTTP_ERROR', 'Bad gateway'), new ApiError(400, 'X', ' '), new TypeError('boom'), 'odd']) {
      expect(describeSendError(error)).toEqual({ paywall: false, message: SEND_FAILED });
    }
  });
});

describe('replyFailureMessage', () => {
  it('keeps the stream’s message, or gives the spec’s', () => {
    expect(replyFailureMessage('Custom')).toBe('Custom');
    expect(replyFailureMessage('')).toBe(CHAT_TEXT.replyFailed);
  });
});
