import type { Analysis, DecoderTier } from '@keisha/contracts/decoder';

/** What the analysis route needs from an engine: the spec's analysis and the Keisha translation. */
export interface AnalysisOutcome {
  analysis: Analysis;
  translation: { text: string };
  /** The configured model failed and the embedded engine answered alone: the reader is not charged. */
  modelFailed?: true;
  /** The model's own reading and the embedded engine's score before the merge: advanced detection's second opinion. */
  opinion?: { model: string; score: number; summary: string; embeddedScore: number };
}

/** Who asks for an analysis and whether they are still there: an engine may use either, or neither. */
export interface AnalysisRequest {
  /**
   * Whose share of the analysis threads it comes out of (`user:<id>` for an account, whether on the site or with
   * one of its API keys; the guest's counters otherwise): see domain/fair-share.ts.
   */
  account?: string;
  /** Aborts when the reader went away: work not started yet is dropped, and the analysis rejects. */
  signal?: AbortSignal;
  /**
   * The reader's plan, when the answer carries advanced detection (domain/advanced): an engine may add it where it
   * runs (the threaded engine on its thread, so that a batch's advanced parts do not hold the event loop); the
   * routes add what an engine did not.
   */
  tier?: DecoderTier;
}

export interface AnalysisEngine {
  (text: string, request?: AnalysisRequest): Promise<AnalysisOutcome>;
  /**
   * Several articles as one piece of work, answered in their order (a public-API batch). An engine that has it
   * analyses them together: the threaded engine cuts a long batch into pieces of a few articles, sent to its threads
   * in the account's fair share (domain/fair-share.ts). Without it each article is asked alone. An article that could
   * not be analysed is its Error, in its place: the others still have their outcomes. It rejects as a whole only when
   * the reader went away (or the engine cannot tell the articles apart).
   */
  many?: (texts: string[], request?: AnalysisRequest) => Promise<Array<AnalysisOutcome | Error>>;
}
