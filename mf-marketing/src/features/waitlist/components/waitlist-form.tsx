import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { formStyles as form, InlineField } from '@keisha/ui';
import { joinWaitlist, parseWaitlistEmail } from '../api/join-waitlist.ts';
import { initialWaitlistState, waitlistReducer } from '../domain/waitlist-state.ts';
import styles from './waitlist-form.module.css';

/**
 * The waitlist form of the landing page (and of the FAQ for a signed-in reader): one email field, validated here
 * before the server sees it; `initialEmail` fills it in (a signed-in reader's address).
 */
export function WaitlistForm({ initialEmail = '' }: { initialEmail?: string } = {}) {
  const [state, dispatch] = useReducer(waitlistReducer, initialWaitlistState);
  const [email, setEmail] = useState(initialEmail);
  // A fresh message element per attempt, so a repeated message is announced again.
  const [attempt, setAttempt] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const requestRef = useRef<AbortController | null>(null);
  const hintId = useId();
  const messageId = useId();
  const submitting = state.status === 'submitting';

  useEffect(() => () => requestRef.current?.abort(), []);

  // Disabling the focused button drops focus to the page; bring it back to the field once the answer is in.
  useEffect(() => {
    if (!submitting && (document.activeElement === null || document.activeElement === document.body)) {
      if (state.status !== 'idle') inputRef.current?.focus();
    }
  }, [submitting, state.status]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setAttempt((n) => n + 1);
    const parsed = parseWaitlistEmail(email);
    if (!parsed.ok) {
      dispatch({ type: 'settle', outcome: { type: 'invalid-email', message: parsed.message } });
      inputRef.current?.focus();
      return;
    }
    const request = new AbortController();
    requestRef.current = request;
    dispatch({ type: 'submit' });
    try {
      await joinWaitlist(parsed.email, request.signal);
      if (request.signal.aborted) return;
      setEmail('');
      dispatch({ type: 'settle', outcome: { type: 'joined' } });
    } catch (error) {
      if (request.signal.aborted) return;
      dispatch({ type: 'settle', outcome: { type: 'failed', error } });
    }
  }

  const message = state.message;
  const describedBy = message ? `${hintId} ${messageId}` : hintId;

  return (
    <form className={styles.form} aria-label="Join the waitlist" noValidate onSubmit={onSubmit}>
      <InlineField
        label="Email address"
        controlClassName={styles.input}
        control={(field) => (
          <input
            ref={inputRef}
            {...field}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.org"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            disabled={submitting}
            aria-invalid={state.emailInvalid || undefined}
            aria-describedby={describedBy}
          />
        )}
        action={
          <button type="submit" className={`${form.submit} ${styles.submit}`} disabled={submitting}>
            {submitting ? 'Joining...' : 'Join Waitlist'}
          </button>
        }
      />
      <p id={hintId} className={styles.hint}>
        We use your address only to tell you when the platform opens.
      </p>
      {message && (
        <p
          key={attempt}
          id={messageId}
          className={`${form.alert} ${styles.message}`}
          role={message.kind === 'error' ? 'alert' : 'status'}
          aria-live={message.kind === 'error' ? 'assertive' : 'polite'}
          data-kind={message.kind}
        >
          {message.text}
        </p>
      )}
    </form>
  );
}
