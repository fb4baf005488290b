import { useId, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { answerPreview } from '../domain/support-requests.ts';
import styles from './support-page.module.css';

/**
 * An answer in the Answered list: whole when it is short; a long one starts as its first lines, and "Show all"
 * shows the whole text in place (and "Show less" folds it again), so one long answer does not stretch the table.
 */
export function AnswerText({ text }: { text: string }) {
  const [whole, setWhole] = useState(false);
  const id = useId();
  const preview = answerPreview(text);
  if (preview === null) return <span className={styles.message}>{text}</span>;
  return (
    <span className={styles.answer}>
      <span id={id} className={styles.message}>
        {whole ? text : preview}
      </span>
      <Button size="small" aria-expanded={whole} aria-controls={id} onClick={() => setWhole((shown) => !shown)}>
        {whole ? 'Show less' : 'Show all'}
      </Button>
    </span>
  );
}
