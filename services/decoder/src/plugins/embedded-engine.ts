import { analyzeArticle } from '../domain/analyzer/index.ts';
import type { AnalysisEngine, AnalysisOutcome } from './analysis-engine.ts';

/** The embedded analyzer's answer for one article, as the routes take it (also what the analysis thread sends back). */
export function embeddedOutcome(text: string): AnalysisOutcome {
  const result = analyzeArticle(text);
  return {
    analysis: {
      score: result.score,
      threshold: result.threshold,
      analysis_summary: result.analysis_summary,
      detected_terms: result.detected_terms,
      evidence: result.evidence,
      engine: 'embedded',
      notes: ['Analysed offline by Keisha’s embedded engine.'],
    },
    translation: result.translation,
  };
}

/** The offline engine: deterministic, in process, no network. */
export const embeddedEngine: AnalysisEngine = async (text) => embeddedOutcome(text);
