// What the person reads when a message cannot be answered (spec section 8, "Chat").
import { ApiError, retryHelps, serverMessageOf } from '@keisha/contracts';
import { CHAT_ERRORS, CHAT_TEXT } from '@keisha/contracts/chat';

export const SEND_FAILED = 'Sorry, I encountered an error processing your message. Please try again.';
export const NEW_CHAT_FAILED = "Sorry, I couldn't start a new chat session. Please try again.";
export const PROFILE_LOADING = 'Your profile is still loading, please try sending again shortly.';
/** Not in the spec: a saved conversation that could not be opened. */
export const OPEN_FAILED = 'Sorry, I couldn’t open this conversation. Please try again.';

/**
 * `retry`: the same message may well go through shortly (Try Again is offered). `confirmAddress`: the account
 * must confirm its e-mail address first (the confirm-address notice shows).
 */
export type SendProblem = { paywall: true } | { paywall: false; message: string; retry: boolean; confirmAddress?: true };

/**
 * The daily limit opens the paywall; a body over the service's size limit says what the limit is; a 401
 * (identity has said the session is over) says the reader must sign in; otherwise the service's own message
 * is shown as it is (too long, no such conversation, rate limited, busy, a service or identity unavailable),
 * and the spec's apology when it sent none (a network failure, a proxy's page). Try Again is offered where
 * waiting helps: nothing reached the server, 429, 502, 503, 504.
 */
export function describeSendError(error: unknown): SendProblem {
  if (!(error instanceof ApiError)) return { paywall: false, message: SEND_FAILED, retry: false };
  if (error.code === CHAT_ERRORS.messageLimit) return { paywall: true };
  if (error.status === 401) return { paywall: false, message: CHAT_TEXT.signedOut, retry: false };
  if (error.code === CHAT_ERRORS.emailNotVerified) return { paywall: false, message: CHAT_TEXT.emailNotVerified, retry: false, confirmAddress: true };
  if (error.status === 413 || error.code === CHAT_ERRORS.payloadTooLarge) return { paywall: false, message: CHAT_TEXT.messageTooLong, retry: false };
  return { paywall: false, message: serverMessageOf(error) ?? SEND_FAILED, retry: retryHelps(error) };
}

/**
 * The reason a service gave for a failure the spec words itself (New Chat, opening a conversation): shown
 * beneath the spec's sentence. Undefined when it gave none, or the failure was the reader's own.
 */
export function serviceReasonOf(error: unknown): string | undefined {
  return error instanceof ApiError && (error.status >= 500 || error.status === 429) ? serverMessageOf(error) : undefined;
}

/** The stream's error event: its message (the spec's AI reply failure), or the apology when it has none. */
export function replyFailureMessage(message: string): string {
  return message.trim() === '' ? CHAT_TEXT.replyFailed : message;
}
