import type { RefObject } from 'react';
import { Disclaimer } from './disclaimer.tsx';
import { MessageComposer } from './message-composer.tsx';
import { SuggestionChips } from './suggestion-chips.tsx';
import styles from './chat-empty-state.module.css';

interface ChatEmptyStateProps {
  draft: string;
  onDraftChange: (draft: string) => void;
  /** Receives a non-blank message. */
  onSend: (message: string) => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  disabled?: boolean;
}

/**
 * A conversation before its first message (spec section 2, "Empty state"): the branding, the input and
 * four suggestions that fill the input.
 */
export function ChatEmptyState({ draft, onDraftChange, onSend, inputRef, disabled = false }: ChatEmptyStateProps) {
  function choose(prompt: string) {
    onDraftChange(prompt);
    const box = inputRef.current;
    if (!box) return;
    box.focus();
    // Leave the caret after the prompt so the reader can add to it straight away.
    requestAnimationFrame(() => box.setSelectionRange(prompt.length, prompt.length));
  }

  return (
    <div className={styles.emptyState}>
      <div className={styles.intro}>
        <h1 className={styles.brand}>KEISHA</h1>
        <p className={styles.subtitle}>A counter-racist AI scholar for dismantling white supremacy and systemic racism.</p>
      </div>
      <div className={styles.inputArea}>
        <MessageComposer draft={draft} onDraftChange={onDraftChange} onSend={onSend} inputRef={inputRef} disabled={disabled} />
        <Disclaimer />
      </div>
      <SuggestionChips onChoose={choose} />
    </div>
  );
}
