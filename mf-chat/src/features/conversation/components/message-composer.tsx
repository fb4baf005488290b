import type { FormEvent, KeyboardEvent, Ref } from 'react';
import { buttonStyles as buttons } from '@keisha/ui';
import { canSend, isSendKey } from '../domain/composer.ts';
import styles from './message-composer.module.css';

interface MessageComposerProps {
  draft: string;
  onDraftChange: (draft: string) => void;
  onSend: (message: string) => void;
  inputRef?: Ref<HTMLTextAreaElement>;
  /** Spec section 5: the input is disabled while waiting, while authenticating, or before the profile loads. */
  disabled?: boolean;
  /** An answer is on its way: Send becomes Stop. */
  answering?: boolean;
  onStop?: () => void;
}

/** The message box: Enter sends, Shift+Enter adds a line, and a blank draft cannot be sent. */
export function MessageComposer({ draft, onDraftChange, onSend, inputRef, disabled = false, answering = false, onStop }: MessageComposerProps) {
  const sendable = canSend(draft) && !disabled;

  function send() {
    if (sendable) onSend(draft);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    send();
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!isSendKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) return;
    event.preventDefault();
    send();
  }

  return (
    <form className={styles.composer} onSubmit={submit}>
      <textarea
        ref={inputRef}
        className={styles.input}
        aria-label="Message Keisha"
        placeholder="Ask Anything..."
        rows={1}
        value={draft}
        disabled={disabled}
        onChange={(event) => onDraftChange(event.target.value)}
        onKeyDown={keyDown}
      />
      {answering && onStop ? (
        <button type="button" className={`${buttons.pressable} ${styles.send} ${styles.stop}`} aria-label="Stop" title="Stop (Esc)" onClick={onStop}>
          <svg className={styles.sendIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <rect x="7" y="7" width="10" height="10" rx="1.5" fill="currentColor" />
          </svg>
        </button>
      ) : (
        <button type="submit" className={`${buttons.pressable} ${styles.send}`} aria-label="Send" disabled={!sendable}>
          <svg className={styles.sendIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M12 19V5M5.5 11.5 12 5l6.5 6.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      )}
    </form>
  );
}
