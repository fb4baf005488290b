import { useId, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { textPreview } from '../domain/support-requests.ts';
import styles from './support-page.module.css';

/**
 * A reader's message or an answer in the support lists: whole when it is short; a long one starts as its first
 * lines, and "Show all" shows the whole text in place (and "Show less" folds it again), so one long text does not
 * stretch the table. `what` names the text for a screen reader ("Show all of the message"), as a row may fold two.
 */
export function FoldedText({ text, what }: { text: string; what: 'message' | 'answer' }) {
  const [whole, setWhole] = useState(false);
  const id = useId();
  const preview = textPreview(text);
  if (preview === null) return <span className={styles.message}>{text}</span>;
  return (
    <span className={styles.answer}>
      <span id={id} className={styles.message}>
        {whole ? text : preview}
      </span>
      <Button size="small" aria-expanded={whole} aria-controls={id} aria-label={`${whole ? 'Show less' : 'Show all'} of the ${what}`} onClick={() => setWhole((shown) => !shown)}>
        {whole ? 'Show less' : 'Show all'}
      </Button>
    </span>
  );
}
