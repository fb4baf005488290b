import { RECOVERY_MESSAGES } from '@keisha/contracts/identity';
import { session } from '@keisha/store';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ModalDialog } from '@keisha/ui';
import { adminLoginBody, adminLoginErrorMessage, isCompleteAdminLogin } from '../domain/admin-login.ts';
import styles from './admin-login-dialog.module.css';

export interface AdminLoginDialogProps {
  onClose: () => void;
  /** The administrator is signed in (the session holds the account). */
  onSignedIn: () => void;
}

/** Admin Login (spec sections 2, 4, 5 and 8): idle, then busy, then closed on success or the error shown. */
export function AdminLoginDialog({ onClose, onSignedIn }: AdminLoginDialogProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A fresh alert element per failed attempt, so the same message is announced again.
  const [attempt, setAttempt] = useState(0);
  const focusedBeforeBusy = useRef<Element | null>(null);
  const emailId = useId();
  const passwordId = useId();

  // The controls are disabled while busy, which drops the focus; give it back to where it was.
  useEffect(() => {
    if (busy) return;
    const previous = focusedBeforeBusy.current;
    focusedBeforeBusy.current = null;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (previous instanceof HTMLElement && previous.isConnected && (lost || document.activeElement === previous)) previous.focus();
  }, [busy]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const credentials = { email, password };
    // The browser checks the required fields first; this guards the ways around it.
    if (busy || !isCompleteAdminLogin(credentials)) return;
    const body = adminLoginBody(credentials);
    focusedBeforeBusy.current = document.activeElement;
    setError(null);
    setBusy(true);
    try {
      await session.adminSignIn(body.email, body.password);
      onSignedIn();
    } catch (failure) {
      setError(adminLoginErrorMessage(failure));
      setAttempt((n) => n + 1);
      setBusy(false);
    }
  }

  return (
    <ModalDialog title="Admin Login" onClose={onClose} className={styles.dialog}>
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        {error && (
          <p key={attempt} className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.field}>
          <label className={styles.label} htmlFor={emailId}>
            Email
          </label>
          <input
            id={emailId}
            className={styles.input}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            spellCheck={false}
            autoCapitalize="none"
            required
            data-autofocus=""
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            disabled={busy}
          />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={passwordId}>
            Password
          </label>
          <input
            id={passwordId}
            className={styles.input}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            disabled={busy}
          />
        </div>
        <button type="submit" className={styles.submit} disabled={busy}>
          {busy ? 'Signing In...' : 'Sign In'}
        </button>
        <Link className={styles.forgot} to="/reset-password" onClick={onClose}>
          {RECOVERY_MESSAGES.forgotPassword}
        </Link>
      </form>
    </ModalDialog>
  );
}
