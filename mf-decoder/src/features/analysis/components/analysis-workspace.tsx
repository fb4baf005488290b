import { ARTICLE_MAX_CHARS, DECODER_PREFILL_KEY, type Usage } from '@keisha/contracts/decoder';
import { useEffect, useReducer, useRef, useState } from 'react';
import { trackEvent } from '@keisha/store';
import { analyzeArticle } from '../api/analyze-article.ts';
import { classifyAnalysisError } from '../domain/analysis-error.ts';
import type { AnalysisResult } from '../domain/analysis-result.ts';
import { analysisReducer, initialAnalysisState, isAnalysing } from '../domain/analysis-state.ts';
import { decideBeforeAnalysis, shouldPromptUpgrade } from '../domain/usage.ts';
import { validateArticle } from '../domain/validate-article.ts';
import { useHistory } from '../hooks/use-history.ts';
import { useUsage } from '../hooks/use-usage.ts';
import { AnalysisPanel } from './analysis-panel.tsx';
import type { ResultViewProps } from './result-view.tsx';
import { ArticlePanel } from './article-panel.tsx';
import { HistoryPanel } from './history-panel.tsx';
import { UpgradeBanner, UsageStatus } from './usage-status.tsx';
import styles from './analysis.module.css';

export interface AnalysisWorkspaceProps {
  /** The daily allowance is used up: the page shows the paywall. Carries the usage when it is known. */
  onLimitReached: (usage: Usage | null) => void;
  /** The app's section for a result's advanced detection (features meet only in the app). */
  renderAdvanced?: ResultViewProps['renderAdvanced'];
  /** The account's address is known to be unconfirmed: the upgrade banner names confirming it first. */
  addressUnconfirmed?: boolean;
  /** The upgrade banner is shown to a free account: the app may ask identity whether its address is confirmed. */
  onFreePrompt?: () => void;
}

function readPrefill(): string {
  try {
    return (sessionStorage.getItem(DECODER_PREFILL_KEY) ?? '').slice(0, ARTICLE_MAX_CHARS);
  } catch {
    return '';
  }
}

/** The decoder's two panels: the article on one side, the agent's analysis of it on the other. */
export function AnalysisWorkspace({ onLimitReached, renderAdvanced, addressUnconfirmed = false, onFreePrompt }: AnalysisWorkspaceProps) {
  const [text, setText] = useState(readPrefill);
  // An article handed over by another app (the chat's 'Decode this article') fills the input once.
  useEffect(() => {
    try {
      sessionStorage.removeItem(DECODER_PREFILL_KEY);
    } catch {
      // storage blocked: nothing was handed over
    }
  }, []);
  const [state, dispatch] = useReducer(analysisReducer<AnalysisResult>, initialAnalysisState);
  const { usage, syncProblem, sync, remember } = useUsage();
  const freePrompt = usage !== null && usage.subscription_tier === 'free' && shouldPromptUpgrade(usage);
  useEffect(() => {
    if (freePrompt) onFreePrompt?.();
  }, [freePrompt, onFreePrompt]);
  // Bumped when the server has saved a new analysis to the reader's history.
  const [saved, setSaved] = useState(0);
  const history = useHistory(saved);
  // Bumped to bring the result into view and give it the focus (a reopened analysis).
  const [revealed, setRevealed] = useState(0);
  const running = useRef<AbortController | null>(null);
  // Set from the click until the run ends, the usage check included (the button stays enabled during
  // that check, so that it keeps the focus and the paywall can hand it back).
  const busy = useRef(false);

  // Leaving the page abandons the request rather than updating a screen nobody sees.
  useEffect(() => () => running.current?.abort(), []);

  function limitReached(known: Usage | null, when: 'before' | 'during') {
    trackEvent('usage_limit_reached', {
      when,
      tier: known?.subscription_tier ?? null,
      daily_count: known?.daily_count ?? null,
    });
    onLimitReached(known);
  }

  async function run() {
    if (busy.current) return;
    const problem = validateArticle(text);
    if (problem) {
      dispatch({ type: 'fail', message: problem });
      return;
    }
    busy.current = true;
    const controller = new AbortController();
    running.current = controller;
    const submitted = text;
    try {
      // Spec section 4 ("Analysis"): sync the usage first (the kept one if that fails); at the limit,
      // the paywall shows and nothing is analysed, and the previous result stays where it was.
      const known = await sync(controller.signal);
      if (controller.signal.aborted) return;
      if (decideBeforeAnalysis(known) === 'paywall') {
        limitReached(known === 'invalid' ? null : known, 'before');
        return;
      }
      dispatch({ type: 'start' });
      trackEvent('analysis_started', { characters: submitted.length });
      const { result, usage: after } = await analyzeArticle(submitted, controller.signal);
      if (controller.signal.aborted) return;
      if (after) remember(after);
      dispatch({ type: 'succeed', result });
      if (history.available) setSaved((n) => n + 1);
      trackEvent('analysis_completed', { score: result.score, terms: result.terms.length, engine: result.engine });
    } catch (error) {
      if (controller.signal.aborted) return;
      const outcome = classifyAnalysisError(error);
      trackEvent('analysis_failed', { kind: outcome.kind });
      if (outcome.kind === 'limit') {
        dispatch({ type: 'cancel' });
        // The refusal's own body is not kept by the request helper: ask for the usage it was about.
        const fresh = await sync();
        limitReached(fresh === 'invalid' ? null : fresh, 'during');
      } else if (outcome.kind === 'connection') {
        dispatch({ type: 'lose-connection' });
      } else {
        const { kind: _kind, ...failure } = outcome;
        dispatch({ type: 'fail', ...failure });
      }
    } finally {
      busy.current = false;
      if (running.current === controller) running.current = null;
    }
  }

  async function reopen(id: string) {
    if (busy.current) return;
    const result = await history.open(id);
    setText(result.text);
    dispatch({ type: 'show', result });
    setRevealed((n) => n + 1);
    trackEvent('history_reopened');
  }

  return (
    <div className={styles.workspaceFrame}>
      <UpgradeBanner usage={usage} addressUnconfirmed={addressUnconfirmed} />
      <div className={styles.workspace}>
        <ArticlePanel
          text={text}
          onTextChange={setText}
          analysing={isAnalysing(state)}
          onRun={() => void run()}
          footer={<UsageStatus usage={usage} syncProblem={syncProblem} />}
        />
        <AnalysisPanel
          state={state}
          onRetry={() => void run()}
          onExport={() => trackEvent('analysis_exported')}
          revealKey={revealed}
          {...(renderAdvanced ? { renderAdvanced } : {})}
        />
      </div>
      <HistoryPanel history={history} onOpen={reopen} />
    </div>
  );
}
