import { useEffect, useRef } from 'react';
import type { Conversation } from '../hooks/use-conversation.ts';
import { ChatEmptyState } from './chat-empty-state.tsx';
import { Disclaimer } from './disclaimer.tsx';
import { preloadMarkdown } from './markdown-view.tsx';
import { MessageComposer } from './message-composer.tsx';
import { Transcript } from './transcript.tsx';
import styles from './conversation-view.module.css';

interface ConversationViewProps {
  conversation: Conversation;
  draft: string;
  onDraftChange: (draft: string) => void;
  /** Authenticating, or the profile not loaded yet (spec section 5). */
  inputBlocked: boolean;
  onDecodeArticle: (text: string) => void;
}

/** The chat view's conversation: the empty state before the first message, then the transcript over the input. */
export function ConversationView({ conversation, draft, onDraftChange, inputBlocked, onDecodeArticle }: ConversationViewProps) {
  const { state, answering } = conversation;
  const input = useRef<HTMLTextAreaElement>(null);
  const disabled = inputBlocked || answering || state.phase === 'loading';

  function send(message: string) {
    if (conversation.send(message)) onDraftChange('');
  }

  // Fetch the markdown chunk while the person reads or types, so that an answer never waits for it.
  useEffect(() => {
    preloadMarkdown().catch(() => undefined);
  }, []);

  // The input was disabled while Keisha answered: give it the focus back, unless the person has moved on.
  const wasAnswering = useRef(false);
  useEffect(() => {
    if (wasAnswering.current && !answering) {
      const active = document.activeElement;
      if (!active || active === document.body) input.current?.focus();
    }
    wasAnswering.current = answering;
  }, [answering]);

  if (state.bubbles.length === 0 && state.phase === 'idle') {
    return (
      <div className={styles.empty}>
        <ChatEmptyState draft={draft} onDraftChange={onDraftChange} onSend={send} inputRef={input} disabled={disabled} />
      </div>
    );
  }

  return (
    <div className={styles.active}>
      <h1 className="k-visually-hidden">Chat with Keisha</h1>
      <Transcript
        bubbles={state.bubbles}
        phase={state.phase}
        answerId={state.answerId}
        regenerable={conversation.regenerable}
        onRegenerate={conversation.regenerate}
        onRetry={() => {
          // The message went back to the input when it was refused: it leaves the input again as it is sent.
          const text = conversation.retryText;
          if (conversation.retry() && draft === text) onDraftChange('');
        }}
        onDecodeArticle={onDecodeArticle}
      />
      <div className={styles.composerArea}>
        <MessageComposer
          draft={draft}
          onDraftChange={onDraftChange}
          onSend={send}
          inputRef={input}
          disabled={disabled}
          answering={answering}
          onStop={conversation.stop}
        />
        <Disclaimer />
      </div>
    </div>
  );
}
