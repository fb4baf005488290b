import { useEffect, useId, useRef, type RefObject } from 'react';
import { buttonStyles as buttons, sectionStyles as section } from '@keisha/ui';
import { TRY_AGAIN } from '../../../lib/copy.ts';
import type { AnalysisResult } from '../domain/analysis-result.ts';
import type { AnalysisState } from '../domain/analysis-state.ts';
import { scoreLabel } from '../domain/score-band.ts';
import { ConnectionPanel } from './connection-panel.tsx';
import { ResultView, type ResultViewProps } from './result-view.tsx';
import styles from './analysis.module.css';

interface AnalysisPanelProps {
  state: AnalysisState<AnalysisResult>;
  /** Runs the analysis again ('Try Again' of the connection panel, and of a failure worth retrying). */
  onRetry: () => void;
  onExport?: () => void;
  renderAdvanced?: ResultViewProps['renderAdvanced'];
  /** Changed to bring the result into view and give its heading the focus (a reopened analysis). */
  revealKey?: number;
}

/** Right panel: what the agent has to say about the article, one view per analysis state. */
export function AnalysisPanel({ state, onRetry, onExport, renderAdvanced, revealKey = 0 }: AnalysisPanelProps) {
  const headingId = useId();
  const panel = useRef<HTMLElement>(null);
  const outcomeHeading = useRef<HTMLHeadingElement>(null);
  const analysing = state.status === 'analysing';

  // When the panels are stacked (phones), the analysis sits below the article: bring it into view.
  useEffect(() => {
    if (!analysing || !panel.current?.scrollIntoView) return;
    const calm = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    panel.current.scrollIntoView({ block: 'nearest', behavior: calm ? 'auto' : 'smooth' });
  }, [analysing]);

  // The disabled button dropped the focus during the run: hand it to the outcome rather than the page's top.
  useEffect(() => {
    if (state.status !== 'complete' && state.status !== 'connection-problem') return;
    const focused = document.activeElement;
    if (focused === null || focused === document.body) outcomeHeading.current?.focus({ preventScroll: true });
  }, [state.status]);

  useEffect(() => {
    if (revealKey === 0) return;
    const calm = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    panel.current?.scrollIntoView?.({ block: 'start', behavior: calm ? 'auto' : 'smooth' });
    outcomeHeading.current?.focus({ preventScroll: true });
  }, [revealKey]);

  return (
    <section ref={panel} className={styles.panel} aria-labelledby={headingId} aria-busy={analysing}>
      <header className={styles.panelHeader}>
        <h2 id={headingId} className={styles.panelTitle}>
          AI Agent Analysis
        </h2>
      </header>
      <div className={styles.panelBody}>
        <AnalysisView state={state} onRetry={onRetry} outcomeHeading={outcomeHeading} {...(onExport ? { onExport } : {})} {...(renderAdvanced ? { renderAdvanced } : {})} />
      </div>
      <p className="k-visually-hidden" aria-live="polite">
        {state.status === 'complete' ? `Analysis complete. ${scoreLabel(state.result.score)}.` : ''}
      </p>
    </section>
  );
}

// Each result gets its own view (a new mount returns the tabs to the original text), also when one
// result replaces another without a run in between (a reopened analysis).
const resultKeys = new WeakMap<AnalysisResult, number>();
let nextResultKey = 0;
function resultKey(result: AnalysisResult): number {
  let key = resultKeys.get(result);
  if (key === undefined) {
    key = ++nextResultKey;
    resultKeys.set(result, key);
  }
  return key;
}

interface AnalysisViewProps extends AnalysisPanelProps {
  outcomeHeading: RefObject<HTMLHeadingElement | null>;
}

function AnalysisView({ state, onRetry, onExport, renderAdvanced, outcomeHeading }: AnalysisViewProps) {
  switch (state.status) {
    case 'idle':
      return (
        <div className={styles.placeholder}>
          <GaugeIcon />
          <h3 className={styles.placeholderTitle}>Ready to Analyze</h3>
          <p className={`${section.muted} ${styles.placeholderText}`}>
            {/* No side named: on a phone the article box is above this one, not to its left. */}
            Paste an article and run the analysis to see its bias score, coded language and a Keisha translation.
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
        <ResultView key={resultKey(state.result)} result={state.result} headingRef={outcomeHeading} {...(onExport ? { onExport } : {})} {...(renderAdvanced ? { renderAdvanced } : {})} />
      );
    case 'connection-problem':
      return <ConnectionPanel onRetry={onRetry} headingRef={outcomeHeading} />;
    case 'failed':
      // The spec's words for the failure, and beneath them the service's own reason when it gave one.
      return (
        <div className={styles.placeholder}>
          <AlertIcon />
          <div className={styles.errorMessage} role="alert">
            <p className={styles.errorTitle}>{state.message}</p>
            {state.detail && <p className={styles.errorDetail}>{state.detail}</p>}
          </div>
          {state.retry && (
            <button type="button" className={`${buttons.primary} ${styles.retryButton}`} onClick={onRetry}>
              {TRY_AGAIN}
            </button>
          )}
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

function AlertIcon() {
  return (
    <svg className={`${styles.stateIcon} ${styles.danger}`} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="18" fill="none" stroke="currentColor" strokeWidth="3" />
      <path d="M24 15v11" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      <circle cx="24" cy="32.5" r="2" fill="currentColor" />
    </svg>
  );
}
