import { buttonStyles as buttons } from '@keisha/ui';
import { looksLikeArticle } from '../domain/article.ts';
import type { Bubble } from '../domain/bubbles.ts';
import { CopyButton } from './copy-button.tsx';
import { MarkdownView } from './markdown-view.tsx';
import styles from './transcript.module.css';

const SPEAKER = { user: 'You', ai: 'Keisha', system: 'Notice' } as const;

interface MessageBubbleProps {
  bubble: Bubble;
  /** The answer being written now. */
  streaming: boolean;
  /** Shown under the last answer when it can be answered again. */
  onRegenerate?: () => void;
  /** Shown on a notice about a message the service could not take just then: send it again. */
  onRetry?: () => void;
  onDecodeArticle?: (text: string) => void;
}

/** One message: the person's (their text exactly as typed), Keisha's (sanitised markdown) or the system's. */
export function MessageBubble({ bubble, streaming, onRegenerate, onRetry, onDecodeArticle }: MessageBubbleProps) {
  const { sender } = bubble;
  const offerDecoder = sender === 'user' && onDecodeArticle !== undefined && looksLikeArticle(bubble.text);
  return (
    <li className={styles.row} data-sender={sender}>
      <div
        className={[styles.bubble, bubble.error ? styles.error : ''].filter(Boolean).join(' ')}
        role={sender === 'system' && bubble.error ? 'alert' : undefined}
        aria-busy={streaming || undefined}
      >
        <span className="k-visually-hidden">{SPEAKER[sender]}: </span>
        {sender === 'ai' ? <MarkdownView text={bubble.text} /> : <p className={styles.plain}>{bubble.text}</p>}
        {streaming && <span className={styles.caret} aria-hidden="true" />}
      </div>
      <StatusLine bubble={bubble} />
      {bubble.notes.length > 0 && !streaming && (
        <ul className={styles.notes} aria-label="Notes">
          {bubble.notes.map((note, index) => (
            <li key={index}>{note}</li>
          ))}
        </ul>
      )}
      {sender === 'ai' && !streaming && bubble.text !== '' && (
        <div className={styles.actions}>
          <CopyButton text={bubble.text} label="Copy answer" />
          {onRegenerate && (
            <button type="button" className={`${buttons.secondary} ${buttons.tiny} ${styles.action}`} onClick={onRegenerate}>
              <svg className={styles.actionIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              Regenerate
            </button>
          )}
        </div>
      )}
      {sender === 'system' && onRetry && (
        <div className={styles.actions}>
          <button type="button" className={`${buttons.secondary} ${buttons.tiny} ${styles.action}`} onClick={onRetry}>
            Try Again
          </button>
        </div>
      )}
      {sender !== 'ai' && onRegenerate && (
        <div className={styles.actions}>
          <button type="button" className={`${buttons.secondary} ${buttons.tiny} ${styles.action}`} onClick={onRegenerate}>
            Regenerate
          </button>
        </div>
      )}
      {offerDecoder && (
        <div className={styles.decodeOffer}>
          <span>This looks like an article.</span>
          <button type="button" className={`${buttons.secondary} ${buttons.tiny} ${styles.action}`} onClick={() => onDecodeArticle(bubble.text)}>
            Decode this article
          </button>
        </div>
      )}
    </li>
  );
}

function StatusLine({ bubble }: { bubble: Bubble }) {
  if (bubble.sender !== 'ai') return null;
  if (bubble.status === 'stopped') return <p className={styles.status}>Stopped</p>;
  if (bubble.status === 'failed') return <p className={styles.status}>This answer broke off before it was complete.</p>;
  return null;
}
