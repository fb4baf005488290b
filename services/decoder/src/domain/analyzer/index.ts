/**
 * The embedded analyzer: offline, deterministic, pure TypeScript, no I/O. Its data (lexicon,
 * framing word lists, fitted weights) is imported as JSON and compiled once at module load.
 *
 *   analyzeArticle(text) -> AnalysisResult
 *
 * Pipeline: tokenize (one pass, offsets kept) -> lexicon terms and agentless passives (token trie,
 * context rules) -> framing counts (one map lookup per token) -> features -> score -> findings ->
 * summary and translation. See README.md for the formula and the evaluation.
 */
import { collectFindings, toDetectedTerm, type Finding } from './findings.ts';
import { featureVector, framingCounts, type FramingCounts } from './framing.ts';
import { compiledLexicon } from './lexicon.ts';
import { findOccurrences, PASSIVE, type Occurrence } from './match.ts';
import { scoreFeatures, weights } from './score.ts';
import { analystSummary } from './summary.ts';
import { tokenize } from './tokenize.ts';
import { keishaReading, rewrite } from './translation.ts';
import type { AnalysisResult } from './types.ts';

export type { AnalysisResult, AnalysisSignals, DetectedTerm, Span } from './types.ts';

/** Everything the analyzer computed, for the evaluation and fitting scripts. Not part of the HTTP contract. */
export interface AnalysisDetail {
  result: AnalysisResult;
  occurrences: Occurrence[];
  findings: Finding[];
  counts: FramingCounts;
  features: Record<string, number>;
  /** Glossary dog whistle names behind each codeword occurrence. */
  codewordGlossaryNames: string[][];
}

/** The names of the features the score uses, in the weights file's order (taken once, not per article). */
const scoredFeatureNames = Object.keys(weights.weights);

/** The values of the features the score uses, keyed by name: what the response publishes. */
function scoredFeatures(features: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of scoredFeatureNames) out[name] = features[name]!;
  return out;
}

export function analyzeDetailed(input: string): AnalysisDetail {
  const text = typeof input === 'string' ? input : String(input ?? '');
  const tokens = tokenize(text);
  const taken = new Uint8Array(tokens.count);
  const occurrences = findOccurrences(text, tokens, taken);
  const counts = framingCounts(tokens, taken);

  let codewords = 0;
  let otherTerms = 0;
  let agencyHiding = 0;
  const categoryCounts: Record<string, number> = {};
  const codewordGlossaryNames: string[][] = [];
  for (const o of occurrences) {
    const entry = o.entry === PASSIVE ? null : compiledLexicon.entries[o.entry]!;
    const category = entry ? entry.category : compiledLexicon.passive.rule.category;
    categoryCounts[category] = (categoryCounts[category] ?? 0) + 1;
    if (category === 'agency-hiding') agencyHiding++;
    if (entry?.is_codeword) {
      codewords++;
      codewordGlossaryNames.push(entry.glossary ?? []);
    } else otherTerms++;
  }
  if (counts.loadedTokens.length) categoryCounts['loaded-language'] = (categoryCounts['loaded-language'] ?? 0) + counts.loadedTokens.length;

  const features = featureVector(counts, { codewords, otherTerms });
  const { score, z, probability, contributions } = scoreFeatures(features, tokens.count > 0);
  const findings = collectFindings(text, tokens, occurrences, counts.loadedTokens);
  const threshold = weights.threshold;

  const reading = tokens.count > 0 ? keishaReading(findings, score, threshold) : '';
  const rewritten = rewrite(text, tokens, occurrences);
  const result: AnalysisResult = {
    score,
    threshold,
    analysis_summary: analystSummary(findings, counts, score, threshold),
    detected_terms: findings.map(toDetectedTerm),
    translation: { text: reading ? `${rewritten.trimEnd()}\n\n${reading}` : rewritten },
    signals: {
      tokens: counts.tokens,
      sentences: counts.sentences,
      features: scoredFeatures(features),
      contributions,
      intercept: weights.intercept,
      z,
      probability,
      categoryCounts,
      codewordOccurrences: codewords,
      agencyHidingOccurrences: agencyHiding,
      hedges: counts.hedges,
      attributedSentences: counts.attributedSentences,
    },
    engine: 'embedded',
  };
  return { result, occurrences, findings, counts, features, codewordGlossaryNames };
}

/** Analyse an article: score 0-100, detected terms with spans, analyst summary and Keisha translation. */
export function analyzeArticle(text: string): AnalysisResult {
  return analyzeDetailed(text).result;
}
