import { analyzeArticle } from '../domain/analyzer/index.ts';
import type { AnalysisEngine } from './analysis-engine.ts';

/** The offline engine: deterministic, in process, no network. */
export const embeddedEngine: AnalysisEngine = async (text) => {
  const result = analyzeArticle(text);
  return {
    analysis: {
      score: result.score,
      threshold: result.threshold,
      analysis_summary: result.analysis_summary,
      detected_terms: result.detected_terms,
      engine: 'embedded',
      notes: ['Analysed offline by Keisha’s embedded engine.'],
    },
    translation: result.translation,
  };
};
