import { describe, expect, it } from 'vitest';
import { ApiError } from '@keisha/contracts';
import {
  describeWaitlistOutcome,
  initialWaitlistState,
  waitlistReducer,
  type WaitlistEvent,
  type WaitlistState,
} from './waitlist-state.ts';

function run(events: WaitlistEvent[], from: WaitlistState = initialWaitlistState): WaitlistState {
  return events.reduce(waitlistReducer, from);
}

describe('describeWaitlistOutcome', () => {
  it('thanks a new member', () => {
    expect(describeWaitlistOutcome({ type: 'joined' })).toEqual({
      kind: 'success',
      text: "Thanks for joining the waitlist! We'll keep you updated.",
    });
  });

  it('shows the browser-side validation message as an error', () => {
    expect(describeWaitlistOutcome({ type: 'invalid-email', message: 'A valid email is required.' })).toEqual({
      kind: 'error',
      text: 'A valid email is required.',
    });
  });

  it('tells a duplicate address, as a non-error, whatever the server worded it', () => {
    const error = new ApiError(409, 'DUPLICATE', 'Already there');
    expect(describeWaitlistOutcome({ type: 'failed', error })).toEqual({
      kind: 'duplicate',
      text: "You're already on the waitlist!",
    });
  });

  it('treats any 409 as a duplicate', () => {
    const error = new ApiError(409, 'CONFLICT', 'Conflict');
    expect(describeWaitlistOutcome({ type: 'failed', error }).kind).toBe('duplicate');
  });

  it.each([
    [400, 'VALIDATION', 'A valid email is required.'],
    [429, 'RATE_LIMITED', 'Too many requests. Please wait 42 seconds and try again.'],
    [502, 'SERVICE_UNAVAILABLE', 'The identity service is not reachable. Please try again shortly.'],
    [500, 'HTTP_ERROR', 'Request failed (500)'],
  ])('prefixes a server error (%i %s) with the spec text', (status, code, message) => {
    const error = new ApiError(status, code, message);
    expect(describeWaitlistOutcome({ type: 'failed', error })).toEqual({
      kind: 'error',
      text: `Error joining waitlist: ${message}`,
    });
  });

  it('does not show a non-JSON body (an HTML error page) to the reader', () => {
    const error = new ApiError(503, 'NON_JSON', '503: <html><body>Service Unavailable</body></html>');
    expect(describeWaitlistOutcome({ type: 'failed', error }).text).toBe('Error joining waitlist: Request failed (503)');
  });

  it('reports a network failure as unexpected, with its message', () => {
    const error = new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch');
    expect(describeWaitlistOutcome({ type: 'failed', error })).toEqual({
      kind: 'error',
      text: 'An unexpected error occurred: Failed to fetch',
    });
  });

  it('reports any other exception as unexpected, with its message', () => {
    expect(describeWaitlistOutcome({ type: 'failed', error: new TypeError('x is undefined') }).text).toBe(
      'An unexpected error occurred: x is undefined',
    );
    expect(describeWaitlistOutcome({ type: 'failed', error: 'boom' }).text).toBe('An unexpected error occurred: boom');
  });
});

describe('waitlistReducer', () => {
  it('starts idle with no message', () => {
    expect(initialWaitlistState).toEqual({ status: 'idle', message: null, emailInvalid: false });
  });

  it('goes idle -> submitting -> success', () => {
    const submitting = run([{ type: 'submit' }]);
    expect(submitting).toEqual({ status: 'submitting', message: null, emailInvalid: false });
    expect(run([{ type: 'settle', outcome: { type: 'joined' } }], submitting).status).toBe('success');
  });

  it('ends in duplicate for an address already on the list', () => {
    const error = new ApiError(409, 'DUPLICATE', "You're already on the waitlist!");
    expect(run([{ type: 'submit' }, { type: 'settle', outcome: { type: 'failed', error } }]).status).toBe('duplicate');
  });

  it('ends in error for a failure, and a new submission clears the old message', () => {
    const failed = run([{ type: 'submit' }, { type: 'settle', outcome: { type: 'failed', error: new Error('x') } }]);
    expect(failed.status).toBe('error');
    expect(run([{ type: 'submit' }], failed)).toEqual({ status: 'submitting', message: null, emailInvalid: false });
  });

  it('marks the field invalid only when the browser refused the address', () => {
    const refused = run([{ type: 'settle', outcome: { type: 'invalid-email', message: 'A valid email is required.' } }]);
    expect(refused).toMatchObject({ status: 'error', emailInvalid: true });
    const serverError = run([{ type: 'submit' }, { type: 'settle', outcome: { type: 'failed', error: new Error('x') } }]);
    expect(serverError.emailInvalid).toBe(false);
  });

  it('ignores a second submit while one is in flight', () => {
    const submitting = run([{ type: 'submit' }]);
    expect(waitlistReducer(submitting, { type: 'submit' })).toBe(submitting);
  });
});
