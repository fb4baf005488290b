import { ApiError } from '@keisha/contracts';
import { WAITLIST_DUPLICATE, WAITLIST_DUPLICATE_MESSAGE } from '@keisha/contracts/identity';

/** Spec section 8: the waitlist's messages, turned from outcomes into text here and nowhere else. */
export const WAITLIST_SUCCESS_MESSAGE = "Thanks for joining the waitlist! We'll keep you updated.";
export const WAITLIST_SERVER_ERROR_PREFIX = 'Error joining waitlist: ';
export const WAITLIST_UNEXPECTED_ERROR_PREFIX = 'An unexpected error occurred: ';

/** How the form finished: a rejected address (checked in the browser), a join, or a thrown failure. */
export type WaitlistOutcome =
  | { type: 'invalid-email'; message: string }
  | { type: 'joined' }
  | { type: 'failed'; error: unknown };

/** `duplicate` is its own kind because the spec shows it as a non-error. */
export type WaitlistMessageKind = 'success' | 'duplicate' | 'error';

export interface WaitlistMessage {
  kind: WaitlistMessageKind;
  text: string;
}

export type WaitlistStatus = 'idle' | 'submitting' | WaitlistMessageKind;

export interface WaitlistState {
  status: WaitlistStatus;
  message: WaitlistMessage | null;
  /** The address itself was refused before sending: the field is marked invalid. */
  emailInvalid: boolean;
}

export type WaitlistEvent = { type: 'submit' } | { type: 'settle'; outcome: WaitlistOutcome };

export const initialWaitlistState: WaitlistState = { status: 'idle', message: null, emailInvalid: false };

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : String(error);
}

/** The message a person sees for an outcome. */
export function describeWaitlistOutcome(outcome: WaitlistOutcome): WaitlistMessage {
  switch (outcome.type) {
    case 'joined':
      return { kind: 'success', text: WAITLIST_SUCCESS_MESSAGE };
    case 'invalid-email':
      return { kind: 'error', text: outcome.message };
    case 'failed': {
      const { error } = outcome;
      if (!(error instanceof ApiError) || error.status === 0) {
        // Status 0: the request never reached a server, so there is no server message to show.
        return { kind: 'error', text: WAITLIST_UNEXPECTED_ERROR_PREFIX + errorText(error) };
      }
      if (error.code === WAITLIST_DUPLICATE || error.status === 409) {
        return { kind: 'duplicate', text: WAITLIST_DUPLICATE_MESSAGE };
      }
      // A body that is not JSON (a proxy's HTML page, say) is no message to show a person.
      const serverMessage = error.code === 'NON_JSON' ? `Request failed (${error.status})` : error.message;
      return { kind: 'error', text: WAITLIST_SERVER_ERROR_PREFIX + serverMessage };
    }
  }
}

/** idle -> submitting -> success | duplicate | error; a new submission starts from any of them. */
export function waitlistReducer(state: WaitlistState, event: WaitlistEvent): WaitlistState {
  switch (event.type) {
    case 'submit':
      return state.status === 'submitting' ? state : { status: 'submitting', message: null, emailInvalid: false };
    case 'settle': {
      const message = describeWaitlistOutcome(event.outcome);
      return { status: message.kind, message, emailInvalid: event.outcome.type === 'invalid-email' };
    }
  }
}
