import { useId, type FormEvent, type ReactNode } from 'react';
import { hasTextToAnalyse } from '@keisha/contracts';
import { buttonStyles as buttons } from '@keisha/ui';
import { countWords, wordCountLabel } from '../domain/article-stats.ts';
import styles from './analysis.module.css';

interface ArticlePanelProps {
  text: string;
  onTextChange: (text: string) => void;
  analysing: boolean;
  onRun: () => void;
  /** Shown under the button: today's usage. */
  footer?: ReactNode;
}

const PLACEHOLDER =
  'Paste a news article here...\n\nFor example: "Residents say the once-quiet neighbourhood has been overrun by crime since new families moved in, and officials promise to restore law and order."';

/** Left panel: the article to decode and the button that starts the analysis. */
export function ArticlePanel({ text, onTextChange, analysing, onRun, footer }: ArticlePanelProps) {
  const headingId = useId();
  const countId = useId();
  // Spec section 4: the button is disabled while there is nothing to analyse (the service's own rule).
  const blank = !hasTextToAnalyse(text);

  function submit(event: FormEvent) {
    event.preventDefault();
    onRun();
  }

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <header className={styles.panelHeader}>
        <h2 id={headingId} className={styles.panelTitle}>
          Article Content
        </h2>
      </header>
      <form className={styles.articleForm} onSubmit={submit}>
        <textarea
          className={`${styles.inset} ${styles.articleInput}`}
          aria-label="Article text"
          aria-describedby={countId}
          placeholder={PLACEHOLDER}
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          disabled={analysing}
          spellCheck={false}
        />
        <div className={styles.articleFooter}>
          <span id={countId} className={styles.wordCount}>
            {wordCountLabel(countWords(text))}
          </span>
          <button type="submit" className={`${buttons.primary} ${buttons.pressable} ${styles.runButton}`} disabled={analysing || blank}>
            {analysing ? <span className={styles.buttonSpinner} aria-hidden="true" /> : <RunIcon />}
            {analysing ? 'ANALYZING...' : 'RUN ANALYSIS'}
          </button>
        </div>
        {footer}
      </form>
    </section>
  );
}

function RunIcon() {
  return (
    <svg className={styles.buttonIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M8 5.5v13l10.5-6.5L8 5.5Z" fill="currentColor" />
    </svg>
  );
}
