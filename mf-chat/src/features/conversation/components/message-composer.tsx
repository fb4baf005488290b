import type { FormEvent, KeyboardEvent, Ref } from 'react';
import { canSend, isSendKey } from '../domain/composer.ts';
import styles from './message-composer.module.css';

interface MessageComposerProps {
  draft: string;
  onDraftChange: (draft: string) => void;
  onSend: (message: string) => void;
  inputRef?: Ref<HTMLTextAreaElement>;
}

/** The message box: Enter sends, Shift+Enter adds a line, and a blank draft cannot be sent. */
export function MessageComposer({ draft, onDraftChange, onSend, inputRef }: MessageComposerProps) {
  const sendable = canSend(draft);

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
        onChange={(event) => onDraftChange(event.target.value)}
        onKeyDown={keyDown}
      />
      <button type="submit" className={styles.send} aria-label="Send" disabled={!sendable}>
        <svg className={styles.sendIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 19V5M5.5 11.5 12 5l6.5 6.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
    </form>
  );
}
