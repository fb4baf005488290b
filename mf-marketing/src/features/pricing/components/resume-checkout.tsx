import { alreadyCoveredMessage, type PlansResponse } from '@keisha/contracts/billing';
import { session, useKeisha } from '@keisha/store';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { startCheckout } from '../api/start-checkout.ts';
import { METHOD_NAMES, payLabel } from '../domain/price-by-method.ts';
import styles from './pricing.module.css';

export interface ResumeCheckoutProps {
  catalogue: PlansResponse;
  tier: 'monthly' | 'annual';
  method: 'bitcoin' | 'cashapp';
}

type Mode = 'create' | 'sign-in';

function messageOf(error: unknown): string {
  const message = error instanceof Error && error.message.trim() ? error.message : null;
  return message ?? 'That did not work. Please try again.';
}

/**
 * The checkout a reader started on the decoder's paywall ("Pay $7 with Bitcoin"), resumed here (issue 28,
 * item 3). A paid plan belongs to an account, so a guest creates one (or signs in) right here; the plan and the
 * way to pay stay in the page's address, and once signed in the same checkout opens.
 */
export function ResumeCheckout({ catalogue, tier, method }: ResumeCheckoutProps) {
  const userId = useKeisha((state) => state.auth.user?.id ?? null);
  const label = payLabel(catalogue, tier, method) ?? `Pay with ${METHOD_NAMES[method]}`;
  const planName = tier === 'monthly' ? 'Monthly' : 'Annual';
  const [mode, setMode] = useState<Mode>('create');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const resumeAfterSignIn = useRef(false);
  const headingId = useId();

  const pay = async (accountId: string) => {
    setBusy(true);
    setError(null);
    try {
      const checkout = await startCheckout(accountId, tier, method);
      window.location.assign(checkout.payment_url);
    } catch (failure) {
      setError(alreadyCoveredMessage(failure) ?? `Failed to initiate payment. Please try again or contact support. (${messageOf(failure)})`);
      setBusy(false);
    }
  };

  // Signed in from this panel: the same checkout opens at once, as if the reader had pressed Pay again.
  useEffect(() => {
    if (userId && resumeAfterSignIn.current) {
      resumeAfterSignIn.current = false;
      void pay(userId);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'create' && password !== confirm) {
      setError('Passwords do not match');
      return;
    }
    setBusy(true);
    setError(null);
    resumeAfterSignIn.current = true;
    try {
      if (mode === 'create') await session.register(email.trim(), password);
      else await session.signIn(email.trim(), password);
    } catch (failure) {
      resumeAfterSignIn.current = false;
      setError(messageOf(failure));
      setBusy(false);
    }
  };

  return (
    <section className={styles.resume} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.resumeTitle}>
        Your checkout: {planName} plan, {label.replace(/^Pay /, '')}
      </h3>
      {userId ? (
        <>
          <p className={styles.resumeText}>You are signed in. Continue where you left off:</p>
          <button type="button" className={styles.freeAction} onClick={() => void pay(userId)} disabled={busy}>
            {busy ? 'Opening the checkout...' : label}
          </button>
        </>
      ) : (
        <form className={styles.resumeForm} onSubmit={submit} noValidate={false}>
          <p className={styles.resumeText}>
            Paid plans belong to an account. {mode === 'create' ? 'Create a free account' : 'Sign in'} to continue: your checkout opens right after,
            with the same plan and the same way to pay.
          </p>
          <label className={styles.resumeLabel}>
            Email
            <input type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} disabled={busy} />
          </label>
          <label className={styles.resumeLabel}>
            Password
            <input type="password" autoComplete={mode === 'create' ? 'new-password' : 'current-password'} required value={password} onChange={(e) => setPassword(e.target.value)} disabled={busy} />
          </label>
          {mode === 'create' && (
            <label className={styles.resumeLabel}>
              Confirm password
              <input type="password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} disabled={busy} />
            </label>
          )}
          <button type="submit" className={styles.freeAction} disabled={busy || !email.trim() || !password}>
            {busy ? 'Please wait...' : mode === 'create' ? `Create account and ${label.charAt(0).toLowerCase()}${label.slice(1)}` : `Sign in and ${label.charAt(0).toLowerCase()}${label.slice(1)}`}
          </button>
          <button
            type="button"
            className={styles.inlineLink}
            onClick={() => {
              setMode(mode === 'create' ? 'sign-in' : 'create');
              setError(null);
            }}
            disabled={busy}
          >
            {mode === 'create' ? 'I already have an account' : 'Create a new account instead'}
          </button>
        </form>
      )}
      {error && (
        <p className={styles.paymentError} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
