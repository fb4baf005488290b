// Asking a service about something of the signed-in reader's until it has an answer: a purchase being
// confirmed, say. It waits for the session to be restored, asks only when someone is signed in, asks again
// after a pause while the answer is "not yet" or the service could not answer just then, and stops when the
// page goes away or the question changes.
import { ApiError, retryHelps } from '@keisha/contracts';
import { useEffect, useRef, useState } from 'react';
import { useKeisha } from './page-store.ts';

/** What one ask found: an answer; "ask again shortly"; or "ask again shortly", with where things stand meanwhile. */
export type PollOutcome<T> = { done: T } | 'again' | { waiting: T };

export type SessionPollState<T> =
  /** Nothing to ask about (no key). */
  | { status: 'idle' }
  | { status: 'checking' }
  /** Nobody is signed in: the service answers only its owner. */
  | { status: 'sign-in' }
  | { status: 'done'; value: T }
  /** Asking again shortly; meanwhile, this is where things stand. */
  | { status: 'waiting'; value: T }
  /** Still "not yet" after every attempt. */
  | { status: 'gave-up' }
  /**
   * The last ask failed. A failure of the moment (the service or identity unreachable, 429, 502-504) is asked
   * again after the pause while attempts remain, this state showing meanwhile. While identity cannot confirm
   * the reader's sign-in, the error is identity's: the reader is not signed out, and nothing is asked until
   * the sign-in is confirmed.
   */
  | { status: 'error'; error: unknown };

export interface SessionPollOptions {
  attempts: number;
  retryMs: number;
  /** Changing it asks again from the start (a Retry button). */
  round?: number;
}

export function useSessionPoll<T>(
  key: string | null,
  ask: (key: string, signal: AbortSignal) => Promise<PollOutcome<T>>,
  { attempts, retryMs, round = 0 }: SessionPollOptions,
): SessionPollState<T> {
  const restored = useKeisha((s) => s.auth.sessionRestored);
  const signedIn = useKeisha((s) => s.auth.user !== null);
  const unconfirmed = useKeisha((s) => s.auth.unconfirmed);
  const [state, setState] = useState<SessionPollState<T>>(() => (key ? { status: 'checking' } : { status: 'idle' }));
  // The latest `ask`, without making a new function per render start the questions again.
  const askRef = useRef(ask);
  askRef.current = ask;

  useEffect(() => {
    if (!key) {
      setState({ status: 'idle' });
      return;
    }
    if (!restored) {
      setState({ status: 'checking' });
      return;
    }
    if (!signedIn) {
      setState(
        unconfirmed
          ? { status: 'error', error: new ApiError(unconfirmed.status, unconfirmed.code, unconfirmed.message) }
          : { status: 'sign-in' },
      );
      return;
    }
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = async (number: number): Promise<void> => {
      try {
        const outcome = await askRef.current(key, controller.signal);
        if (controller.signal.aborted) return;
        if (outcome !== 'again' && 'done' in outcome) {
          setState({ status: 'done', value: outcome.done });
        } else if (number < attempts) {
          if (outcome !== 'again') setState({ status: 'waiting', value: outcome.waiting });
          timer = setTimeout(() => void attempt(number + 1), retryMs);
        } else {
          setState({ status: 'gave-up' });
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        setState({ status: 'error', error });
        if (retryHelps(error) && number < attempts) timer = setTimeout(() => void attempt(number + 1), retryMs);
      }
    };
    setState({ status: 'checking' });
    void attempt(1);
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [key, restored, signedIn, unconfirmed, attempts, retryMs, round]);

  return state;
}
