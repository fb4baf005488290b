// Asking a service about something of the signed-in reader's until it has an answer: a purchase being
// confirmed, say. It waits for the session to be restored, asks only when someone is signed in, asks again
// after a pause while the answer is "not yet", and stops when the page goes away or the question changes.
import { useEffect, useRef, useState } from 'react';
import { useKeisha } from './index.ts';

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
      setState({ status: 'sign-in' });
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
        if (!controller.signal.aborted) setState({ status: 'error', error });
      }
    };
    setState({ status: 'checking' });
    void attempt(1);
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [key, restored, signedIn, attempts, retryMs, round]);

  return state;
}
