import { RECOVERY_MESSAGES } from '@keisha/contracts/identity';
import { session } from '@keisha/store';
import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { Link } from 'react-router-dom';
import { formStyles as form, ModalDialog, useFocusKeptWhileBusy } from '@keisha/ui';
import { adminLoginBody, adminLoginErrorMessage, isCompleteAdminLogin, isWrongCredentials } from '../domain/admin-login.ts';
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
  // 'Invalid email or password' is about both fields: they are marked invalid and described by the message.
  const [wrong, setWrong] = useState(false);
  const errorId = useId();
  // A fresh alert element per failed attempt, so the same message is announced again.
  const [attempt, setAttempt] = useState(0);
  const keepFocus = useFocusKeptWhileBusy(busy);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const credentials = { email, password };
    // The browser checks the required fields first; this guards the ways around it.
    if (busy || !isCompleteAdminLogin(credentials)) return;
    const body = adminLoginBody(credentials);
    keepFocus();
    setError(null);
    setWrong(false);
    setBusy(true);
    try {
      await session.adminSignIn(body.email, body.password);
      onSignedIn();
    } catch (failure) {
      setError(adminLoginErrorMessage(failure));
      setWrong(isWrongCredentials(failure));
      setAttempt((n) => n + 1);
      setBusy(false);
    }
  }

  return (
    <ModalDialog title="Admin Login" onClose={onClose} className={styles.dialog}>
      <form className={form.form} onSubmit={(event) => void submit(event)}>
        {error && (
          <p key={attempt} id={errorId} className={form.alert} role="alert">
            {error}
          </p>
        )}
        <LabelledInput
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          autoCapitalize="none"
          required
          data-autofocus=""
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setWrong(false);
          }}
          disabled={busy}
          aria-invalid={wrong || undefined}
          aria-describedby={wrong ? errorId : undefined}
        />
        <LabelledInput
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setWrong(false);
          }}
          disabled={busy}
          aria-invalid={wrong || undefined}
          aria-describedby={wrong ? errorId : undefined}
        />
        <button type="submit" className={form.submit} disabled={busy}>
          {busy ? 'Signing In...' : 'Sign In'}
        </button>
        <Link className={form.forgot} to="/reset-password" onClick={onClose}>
          {RECOVERY_MESSAGES.forgotPassword}
        </Link>
      </form>
    </ModalDialog>
  );
}

/** A field of @keisha/ui's form: the label, then the input it names (the attributes are the input's). */
function LabelledInput({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className={form.field}>
      <label className={form.label} htmlFor={id}>
        {label}
      </label>
      <input id={id} className={form.input} {...input} />
    </div>
  );
}
