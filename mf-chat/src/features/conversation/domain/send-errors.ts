// What the person reads when a message cannot be answered (spec section 8, "Chat").
import { ApiError } from '@keisha/contracts';
import { CHAT_ERRORS, CHAT_TEXT } from '@keisha/contracts/chat';

export const SEND_FAILED = 'Sorry, I encountered an error processing your message. Please try again.';
export const NEW_CHAT_FAILED = "Sorry, I couldn't start a new chat session. Please try again.";
export const PROFILE_LOADING = 'Your profile is still loading, please try sending again shortly.';
/** Not in the spec: a saved conversation that could not be opened. */
export const OPEN_FAILED = 'Sorry, I couldn’t open this conversation. Please try again.';

export type SendProblem = { paywall: true } | { paywall: false; message: string };

/**
 * The daily limit opens the paywall; the service's own messages (too long, blank, no such
 * conversation, busy, rate limit) are shown as they are; a body over the service's size limit says
 * what the limit is; anything else (a network failure, a server failure) gets the spec's apology.
 */
export function describeSendError(error: unknown): SendProblem {
  if (!(error instanceof ApiError)) return { paywall: false, message: SEND_FAILED };
  if (error.code === CHAT_ERRORS.messageLimit) return { paywall: true };
  if (error.status === 401) return { paywall: false, message: CHAT_TEXT.signedOut };
  if (error.status === 413 || error.code === CHAT_ERRORS.payloadTooLarge) return { paywall: false, message: CHAT_TEXT.messageTooLong };
  if (error.status >= 400 && error.status < 500 && error.message.trim() !== '') return { paywall: false, message: error.message };
  return { paywall: false, message: SEND_FAILED };
}

/** The stream's error event: its message (the spec's AI reply failure), or the apology when it has none. */
export function replyFailureMessage(message: string): string {
  return message.trim() === '' ? CHAT_TEXT.replyFailed : message;
}
