import type { Analysis } from '@keisha/contracts/decoder';

/** What the analysis route needs from an engine: the spec's analysis and the Keisha translation. */
export interface AnalysisOutcome {
  analysis: Analysis;
  translation: { text: string };
  /** The configured model failed and the embedded engine answered alone: the reader is not charged. */
  modelFailed?: true;
}

export type AnalysisEngine = (text: string) => Promise<AnalysisOutcome>;
