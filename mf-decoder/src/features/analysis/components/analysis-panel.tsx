import { useEffect, useId, useRef } from 'react';
import type { AnalysisState } from '../domain/analysis-state.ts';
import styles from './analysis.module.css';

/** Right panel: what the agent has to say about the article, one view per analysis state. */
export function AnalysisPanel({ state }: { state: AnalysisState<unknown> }) {
  const headingId = useId();
  const panel = useRef<HTMLElement>(null);
  const analysing = state.status === 'analysing';

  // When the panels are stacked (phones), the analysis sits below the article: bring it into view.
  useEffect(() => {
    if (!analysing || !panel.current?.scrollIntoView) return;
    const calm = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    panel.current.scrollIntoView({ block: 'nearest', behavior: calm ? 'auto' : 'smooth' });
  }, [analysing]);

  return (
    <section ref={panel} className={styles.panel} aria-labelledby={headingId} aria-busy={analysing}>
      <header className={styles.panelHeader}>
        <h2 id={headingId} className={styles.panelTitle}>
          AI Agent Analysis
        </h2>
      </header>
      <div className={styles.panelBody}>
        <AnalysisView state={state} />
      </div>
    </section>
  );
}

function AnalysisView({ state }: { state: AnalysisState<unknown> }) {
  switch (state.status) {
    case 'idle':
      return (
        <div className={styles.placeholder}>
          <GaugeIcon />
          <h3 className={styles.placeholderTitle}>Ready to Analyze</h3>
          <p className={styles.placeholderText}>
            Paste an article on the left and run the analysis to see its bias score, coded language and a Keisha
            translation.
          </p>
        </div>
      );
    case 'analysing':
      return (
        <div className={styles.placeholder} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          <p className={styles.loadingText}>
            <strong className={styles.loadingTitle}>ANALYZING ARTICLE...</strong> Keisha is providing enhanced
            analysis. This may take up to 60 seconds.
          </p>
        </div>
      );
    case 'complete':
      return (
        <div className={styles.placeholder}>
          <CheckIcon />
          <h3 className={styles.placeholderTitle}>Analysis Complete</h3>
        </div>
      );
    case 'failed':
      return (
        <div className={styles.placeholder}>
          <AlertIcon />
          <p className={styles.errorMessage} role="alert">
            {state.message}
          </p>
        </div>
      );
  }
}

function GaugeIcon() {
  return (
    <svg className={styles.stateIcon} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path d="M8 34a16 16 0 1 1 32 0" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      <path d="M24 34l8-11" fill="none" stroke="var(--k-accent)" strokeWidth="3" strokeLinecap="round" />
      <circle cx="24" cy="34" r="3" fill="var(--k-accent)" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg className={`${styles.stateIcon} ${styles.success}`} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="18" fill="none" stroke="currentColor" strokeWidth="3" />
      <path d="M16 24.5l5.5 5.5L32.5 19" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

function AlertIcon() {
  return (
    <svg className={`${styles.stateIcon} ${styles.danger}`} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="18" fill="none" stroke="currentColor" strokeWidth="3" />
      <path d="M24 15v11" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      <circle cx="24" cy="32.5" r="2" fill="currentColor" />
    </svg>
  );
}
