import { useRef, useState } from 'react';
import { MessageComposer } from './message-composer.tsx';
import { SuggestionChips } from './suggestion-chips.tsx';
import styles from './chat-empty-state.module.css';

/**
 * A conversation before its first message (spec section 2, "Empty state"): the branding, the input and
 * four suggestions. `onSend` receives a non-blank message; without it the draft simply stays in the box.
 */
export function ChatEmptyState({ onSend }: { onSend?: (message: string) => void }) {
  const [draft, setDraft] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);

  function choose(prompt: string) {
    setDraft(prompt);
    const box = input.current;
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
        <MessageComposer draft={draft} onDraftChange={setDraft} onSend={(message) => onSend?.(message)} inputRef={input} />
        <p className={styles.disclaimer}>AI can make mistakes. Consider checking important information.</p>
      </div>
      <SuggestionChips onChoose={choose} />
    </div>
  );
}
