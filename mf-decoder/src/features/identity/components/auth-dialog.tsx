import { NEW_PASSWORD_HINT, RECOVERY_MESSAGES } from '@keisha/contracts/identity';
import { session, trackEvent } from '@keisha/store';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { formStyles as form, LabelledField, ModalDialog, useFocusKeptWhileBusy } from '@keisha/ui';
import { requestSignInLink } from '../api/request-sign-in-link.ts';
import { authErrorMessage, isThrottled } from '../domain/auth-error.ts';
import {
  clearFieldError,
  credentialsBody,
  EMPTY_CREDENTIALS,
  firstInvalidField,
  validateCredentials,
  type AuthMode,
  type CredentialErrors,
  type CredentialField,
  type CredentialValues,
} from '../domain/credentials.ts';
import styles from './auth-dialog.module.css';

const COPY: Record<AuthMode, { title: string; submit: string; busy: string; switchPrompt: string; switchAction: string }> = {
  'sign-in': {
    title: 'Sign in to Keisha',
    submit: 'Sign In',
    busy: 'Signing In...',
    switchPrompt: "Don't have an account?",
    switchAction: 'Create an account',
  },
  'create-account': {
    title: 'Create your Keisha account',
    submit: 'Create Account',
    busy: 'Creating Account...',
    switchPrompt: 'Already have an account?',
    switchAction: 'Sign in instead',
  },
};

/** The fields each face asks for, in order. */
const FIELDS_OF: Record<AuthMode, readonly CredentialField[]> = {
  'sign-in': ['email', 'password'],
  'create-account': ['email', 'password', 'confirmPassword'],
};

/** How a field reads and what the browser may fill into it, on either face. */
function fieldLook(name: CredentialField, mode: AuthMode): Pick<FieldProps, 'label' | 'type' | 'autoComplete' | 'hint'> {
  switch (name) {
    case 'email':
      return { label: 'Email', type: 'email', autoComplete: 'email' };
    case 'password':
      return mode === 'sign-in'
        ? { label: 'Password', type: 'password', autoComplete: 'current-password' }
        : { label: 'Password', type: 'password', autoComplete: 'new-password', hint: NEW_PASSWORD_HINT };
    case 'confirmPassword':
      return { label: 'Confirm Password', type: 'password', autoComplete: 'new-password' };
  }
}

/** Spec section 2: the guest option of the sign-in / create-account modal, and its note. */
export const CONTINUE_AS_GUEST = 'Continue as Guest (3 free uses/day)';
const GUEST_NOTE = 'Guest usage is tracked by IP address.';

export interface AuthDialogProps {
  /** Close the dialog: dismissed, or signed in (the session then holds the user). */
  onClose: () => void;
  onContinueAsGuest: () => void;
  /** The face it opens with (the paywall's 'Create a free account' opens it in create mode). */
  initialMode?: AuthMode;
}

/** The decoder's sign-in / create-account dialog (spec sections 2, 4, 5 and 8). */
export function AuthDialog({ onClose, onContinueAsGuest, initialMode = 'sign-in' }: AuthDialogProps) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [values, setValues] = useState<CredentialValues>(EMPTY_CREDENTIALS);
  const [errors, setErrors] = useState<CredentialErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  // A fresh alert element per failed attempt, so the same message is announced again.
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  // Held back by the throttle: a one-time sign-in link by mail gets the owner in (issue 27, item 5).
  const [throttled, setThrottled] = useState(false);
  const [linkSent, setLinkSent] = useState(false);
  const fields: Record<CredentialField, RefObject<HTMLInputElement | null>> = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  };
  const keepFocus = useFocusKeptWhileBusy(busy);
  const copy = COPY[mode];

  function edit(field: CredentialField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => clearFieldError(current, field));
  }

  function switchMode() {
    setMode((current) => (current === 'sign-in' ? 'create-account' : 'sign-in'));
    setValues(EMPTY_CREDENTIALS);
    setErrors({});
    setServerError(null);
    fields.email.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = validateCredentials(mode, values);
    setErrors(found);
    setServerError(null);
    setThrottled(false);
    setLinkSent(false);
    const invalid = firstInvalidField(found);
    if (invalid) {
      fields[invalid].current?.focus();
      return;
    }
    const { email, password } = credentialsBody(values);
    keepFocus();
    setBusy(true);
    try {
      if (mode === 'sign-in') await session.signIn(email, password);
      else {
        await session.register(email, password);
        trackEvent('sign_up', { source: 'decoder' });
      }
      onClose();
    } catch (error) {
      setServerError(authErrorMessage(mode, error));
      setThrottled(mode === 'sign-in' && isThrottled(error));
      setAttempt((n) => n + 1);
      setBusy(false);
    }
  }

  async function sendSignInLink() {
    if (busy) return;
    setBusy(true);
    try {
      await requestSignInLink(credentialsBody(values).email);
      setServerError(null);
      setThrottled(false);
      setLinkSent(true);
    } catch (error) {
      setServerError(authErrorMessage(mode, error));
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  function continueAsGuest() {
    onContinueAsGuest();
    onClose();
  }

  return (
    <ModalDialog title={copy.title} onClose={onClose} className={styles.dialog}>
      <form className={form.form} noValidate onSubmit={(event) => void submit(event)} data-mode={mode}>
        {serverError && (
          <p key={attempt} className={`${form.alert} ${styles.serverError}`} role="alert">
            {serverError}
          </p>
        )}
        {FIELDS_OF[mode].map((name) => (
          <Field
            key={name}
            {...fieldLook(name, mode)}
            value={values[name]}
            error={errors[name]}
            disabled={busy}
            inputRef={fields[name]}
            autoFocus={name === 'email'}
            onChange={(value) => edit(name, value)}
          />
        ))}
        {throttled && (
          <button type="button" className={styles.switchButton} onClick={() => void sendSignInLink()} disabled={busy || values.email.trim() === ''}>
            {RECOVERY_MESSAGES.signInLinkOffer}
          </button>
        )}
        {linkSent && (
          <p className={styles.hint} role="status">
            {RECOVERY_MESSAGES.signInLinkSent}
          </p>
        )}
        <button type="submit" className={form.submit} disabled={busy}>
          {busy ? copy.busy : copy.submit}
        </button>
        {mode === 'sign-in' && (
          <Link className={form.forgot} to="/reset-password" onClick={onClose}>
            {RECOVERY_MESSAGES.forgotPassword}
          </Link>
        )}
      </form>
      <p className={styles.switch}>
        {copy.switchPrompt}{' '}
        <button type="button" className={styles.switchButton} onClick={switchMode} disabled={busy}>
          {copy.switchAction}
        </button>
      </p>
      <GuestOption disabled={busy} onChoose={continueAsGuest} />
    </ModalDialog>
  );
}

function GuestOption({ disabled, onChoose }: { disabled: boolean; onChoose: () => void }) {
  const noteId = useId();
  return (
    <div className={styles.guest}>
      <div className={styles.divider} aria-hidden="true">
        <span>or</span>
      </div>
      <button type="button" className={styles.guestButton} onClick={onChoose} disabled={disabled} aria-describedby={noteId}>
        {CONTINUE_AS_GUEST}
      </button>
      <p id={noteId} className={styles.guestNote}>
        {GUEST_NOTE}
      </p>
    </div>
  );
}

interface FieldProps {
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
  value: string;
  error: string | undefined;
  hint?: string | undefined;
  disabled: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  autoFocus?: boolean;
  onChange: (value: string) => void;
}

/** A credential field: @keisha/ui's LabelledField (label, hint, error) around the input, in the dialog's note sizes. */
function Field({ label, type, autoComplete, value, error, hint, disabled, inputRef, autoFocus, onChange }: FieldProps) {
  return (
    <LabelledField
      label={label}
      hint={hint}
      error={error}
      className={styles.field}
      control={(tie) => (
        <input
          ref={inputRef}
          {...tie}
          type={type}
          name={label.toLowerCase().replace(/\s+/g, '-')}
          autoComplete={autoComplete}
          {...(type === 'email' ? { inputMode: 'email' as const, spellCheck: false, autoCapitalize: 'none' } : {})}
          value={value}
          disabled={disabled}
          data-autofocus={autoFocus ? '' : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    />
  );
}
