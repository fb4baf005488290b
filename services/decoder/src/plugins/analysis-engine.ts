import type { Analysis } from '@keisha/contracts/decoder';

/** What the analysis route needs from an engine: the spec's analysis and the Keisha translation. */
export interface AnalysisOutcome {
  analysis: Analysis;
  translation: { text: string };
  /** The configured model failed and the embedded engine answered alone: the reader is not charged. */
  modelFailed?: true;
}

/** What is analysed together with this article, so an engine can judge how long the work holds the event loop. */
export interface AnalysisWork {
  /** Characters of every article analysed with this one (a public-API batch's total); the article's own length by default. */
  chars: number;
}

export type AnalysisEngine = (text: string, work?: AnalysisWork) => Promise<AnalysisOutcome>;
