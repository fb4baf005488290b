import { useEffect, useReducer, useRef, useState } from 'react';
import { analyzeArticle, type AnalyzeArticleResponse } from '../api/analyze-article.ts';
import { analysisErrorMessage } from '../domain/analysis-error.ts';
import { analysisReducer, initialAnalysisState, isAnalysing } from '../domain/analysis-state.ts';
import { validateArticle } from '../domain/validate-article.ts';
import { AnalysisPanel } from './analysis-panel.tsx';
import { ArticlePanel } from './article-panel.tsx';
import styles from './analysis.module.css';

/** The decoder's two panels: the article on one side, the agent's analysis of it on the other. */
export function AnalysisWorkspace() {
  const [text, setText] = useState('');
  const [state, dispatch] = useReducer(analysisReducer<AnalyzeArticleResponse>, initialAnalysisState);
  const running = useRef<AbortController | null>(null);

  // Leaving the page abandons the request rather than updating a screen nobody sees.
  useEffect(() => () => running.current?.abort(), []);

  async function run() {
    if (isAnalysing(state)) return;
    const problem = validateArticle(text);
    if (problem) {
      dispatch({ type: 'fail', message: problem });
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    dispatch({ type: 'start' });
    try {
      const result = await analyzeArticle({ text }, controller.signal);
      if (!controller.signal.aborted) dispatch({ type: 'succeed', result });
    } catch (error) {
      if (!controller.signal.aborted) dispatch({ type: 'fail', message: analysisErrorMessage(error) });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  return (
    <div className={styles.workspace}>
      <ArticlePanel text={text} onTextChange={setText} analysing={isAnalysing(state)} onRun={() => void run()} />
      <AnalysisPanel state={state} />
    </div>
  );
}
