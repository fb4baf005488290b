import type { DetectedTerm, TermSpan } from '@keisha/contracts/decoder';

/** A half-open range of UTF-16 code units in the text that was analysed: `text.slice(start, end)`. */
export type Span = TermSpan;

/** One term the analyzer flagged, merged over all its occurrences (the HTTP contract's own type). */
export type { DetectedTerm };

/** The numeric features behind the score, published so that a reader can check the arithmetic. */
export interface AnalysisSignals {
  tokens: number;
  sentences: number;
  /** The values x_k of the features the score uses, keyed by name (see README: "Score"). */
  features: Record<string, number>;
  /** w_k * x_k for every feature, in the same order. */
  contributions: Record<string, number>;
  intercept: number;
  /** z = intercept + sum of contributions; probability = 1 / (1 + e^-z). */
  z: number;
  probability: number;
  /** Occurrences per category, before merging by term. */
  categoryCounts: Record<string, number>;
  codewordOccurrences: number;
  agencyHidingOccurrences: number;
  hedges: number;
  attributedSentences: number;
}

/**
 * One piece of what moved the score (evidence.ts). 'baseline': the score of a typical sentence of the
 * fitting data, where the others start from (effect is that score); 'term': the lexicon's flagged terms;
 * 'framing': a framing or style feature; 'words': the words model. effect: points up (+) or down (-).
 */
export interface Evidence {
  kind: 'baseline' | 'term' | 'framing' | 'words';
  label: string;
  effect: number;
}

export interface AnalysisResult {
  /** Integer 0-100: how loaded the framing is. */
  score: number;
  /** The engine's decision threshold on the same scale: score >= threshold means 'Biased'. */
  threshold: number;
  analysis_summary: string;
  detected_terms: DetectedTerm[];
  translation: { text: string };
  signals: AnalysisSignals;
  /** The starting point, then the few features that moved the score most, largest first. */
  evidence: Evidence[];
  engine: 'embedded';
}
