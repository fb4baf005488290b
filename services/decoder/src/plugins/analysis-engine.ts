import type { Analysis } from '@keisha/contracts/decoder';

/** What the analysis route needs from an engine: the spec's analysis and the Keisha translation. */
export interface AnalysisOutcome {
  analysis: Analysis;
  translation: { text: string };
  /** The configured model failed and the embedded engine answered alone: the reader is not charged. */
  modelFailed?: true;
}

export interface AnalysisEngine {
  (text: string): Promise<AnalysisOutcome>;
  /**
   * Several articles as one piece of work, answered in their order (a public-API batch). An engine that has it
   * analyses them together: the threaded engine sends a long batch to its thread in one message, so concurrent
   * batches are answered one after another rather than all of them late. Without it each article is asked alone.
   */
  many?: (texts: string[]) => Promise<AnalysisOutcome[]>;
}
