import { useEffect, useRef } from 'react';
import type { Bubble, Phase } from '../domain/bubbles.ts';
import { MessageBubble } from './message-bubble.tsx';
import styles from './transcript.module.css';

/** Spec section 9: the view scrolls to the newest message after 100 ms. */
export const SCROLL_DELAY_MS = 100;

interface TranscriptProps {
  bubbles: Bubble[];
  phase: Phase;
  answerId: string | null;
  regenerable: boolean;
  onRegenerate: () => void;
  /** Sends again the message the last notice is about (its Try Again). */
  onRetry: () => void;
  onDecodeArticle: (text: string) => void;
}

/**
 * The conversation as a log (role="log": new messages are announced politely). While an answer
 * streams the log is aria-busy, so a screen reader reads the answer once it is complete, not word by word.
 */
export function Transcript({ bubbles, phase, answerId, regenerable, onRegenerate, onRetry, onDecodeArticle }: TranscriptProps) {
  const end = useRef<HTMLDivElement>(null);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const last = bubbles.at(-1);
  const answering = phase === 'waiting' || phase === 'streaming';

  // Newest message into view 100 ms after it appears; while an answer streams, at most every 100 ms.
  useEffect(() => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      end.current?.scrollIntoView?.({ block: 'end', behavior: 'smooth' });
    }, SCROLL_DELAY_MS);
  }, [bubbles.length, last?.text, phase]);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );

  // The last notice may offer Try Again (a message the service could not take just then): that, not Regenerate.
  const retryable = phase === 'idle' && last?.retryText !== undefined;
  const lastAnswerIndex = regenerable && !retryable ? bubbles.length - 1 : -1;
  return (
    <div className={styles.scroller}>
      <div className={styles.transcript} role="log" aria-label="Conversation with Keisha" aria-busy={answering || phase === 'loading'}>
        {phase === 'loading' && (
          <p className={styles.loading} role="status">
            Loading conversation...
          </p>
        )}
        <ol className={styles.list}>
          {bubbles.map((bubble, index) =>
            // Until its first words, the answer is the thinking indicator below, not an empty bubble.
            bubble.id === answerId && bubble.text === '' ? null : (
              <MessageBubble
                key={bubble.key ?? bubble.id}
                bubble={bubble}
                streaming={bubble.id === answerId && answering}
                onRegenerate={index === lastAnswerIndex ? onRegenerate : undefined}
                onRetry={retryable && index === bubbles.length - 1 ? onRetry : undefined}
                onDecodeArticle={onDecodeArticle}
              />
            ),
          )}
        </ol>
        {phase === 'waiting' && (
          <p className={styles.thinking} role="status">
            <span className={styles.dots} aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            Keisha is thinking
          </p>
        )}
        <div ref={end} className={styles.end} />
      </div>
    </div>
  );
}
