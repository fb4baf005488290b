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
import { collectFindings, isListedLoadedWord, toDetectedTerm, type Finding } from './findings.ts';
import { featureVector, framingCounts, hyphenatedLabels, type FramingCounts } from './framing.ts';
import { compiledLexicon } from './lexicon.ts';
import { findOccurrences, PASSIVE, type Occurrence } from './match.ts';
import { scoreFeatures, weights, wordingRaised } from './score.ts';
import { scoreEvidence } from './evidence.ts';
import { analystSummary } from './summary.ts';
import { taggedTokens } from './tagged.ts';
import { SENTENCE_QUOTE, TITLE, tokenize, type Tokens } from './tokenize.ts';
import { keishaReading, rewrite } from './translation.ts';
import type { AnalysisResult, Evidence } from './types.ts';
import { wordVectors, type WordVector } from './vectors.ts';
import { wordWeights } from './words.ts';

export type { AnalysisResult, AnalysisSignals, DetectedTerm, Evidence, Span } from './types.ts';
/** Loads the translation's part-of-speech tagger now rather than on the first text with a term (about 1 s). */
export { preloadGrammar } from './grammar.ts';

/**
 * The text's words (codewords and names aside) with the largest values of a per-word number, 3 each way,
 * for an evidence label: the words model's weights (words.ts) or the vectors' leans (vectors.ts).
 */
function strongestWords(tokens: Tokens, coded: Uint8Array, valueOf: (word: string) => number | undefined): { raising: string[]; lowering: string[] } {
  const seen = new Map<string, number>();
  for (let i = 0; i < tokens.count; i++) {
    if (coded[i] || (tokens.shape[i]! & TITLE) !== 0) continue;
    const value = valueOf(tokens.norm[i]!);
    if (value !== undefined) seen.set(tokens.norm[i]!, value);
  }
  const ranked = [...seen].sort((a, b) => b[1] - a[1]);
  return {
    raising: ranked.filter(([, v]) => v > 0).slice(0, 3).map(([word]) => word),
    lowering: ranked.filter(([, v]) => v < 0).reverse().slice(0, 3).map(([word]) => word),
  };
}

const wordWeightOf = (word: string) => wordWeights.get(word);
const leanOf = (word: string) => wordVectors.get(word)?.lean ?? undefined;

/**
 * The codewords the text says in its own voice: flagged in a sentence with no quotation mark. A quoted
 * dog whistle may be the outlet reporting what someone said; one in the narrative is the text's wording.
 */
export function ownVoiceCodewords(tokens: Tokens, occurrences: readonly Occurrence[]): Occurrence[] {
  return occurrences.filter(
    (o) => o.entry !== PASSIVE && compiledLexicon.entries[o.entry]!.is_codeword && (tokens.sentenceFlags[tokens.sentence[o.firstToken]!]! & SENTENCE_QUOTE) === 0,
  );
}

/**
 * The score shown, from the fitted score and two rules that keep it in line with the findings (issue 31,
 * item 2): a text whose wording raised nothing is never called Biased for its shape alone (one below the
 * threshold), and a text that uses a codeword in its own voice is never called neutral (at least the
 * threshold), however neutral its other words (police said, last night). Not fitted: rules about what the
 * score means, applied after it.
 */
export function scoreShown(fitted: number, threshold: number, wordingRaisedIt: boolean, ownVoiceCodeword: boolean): number {
  if (ownVoiceCodeword) return Math.max(fitted, threshold);
  return fitted >= threshold && !wordingRaisedIt ? threshold - 1 : fitted;
}

/** Why a score was raised to the threshold: the codewords the text uses in its own voice, quoted as written. */
function ownVoiceEvidence(text: string, ownVoice: readonly Occurrence[], threshold: number, effect: number): Evidence {
  const written = new Map<string, string>(); // one per term, case aside, as first written
  for (const o of ownVoice) {
    const word = text.slice(o.start, o.end);
    if (!written.has(word.toLowerCase())) written.set(word.toLowerCase(), word);
  }
  const words = [...written.values()].slice(0, 3);
  const quoted = words.map((w) => `\u201c${w}\u201d`).join(', ');
  const which = words.length === 1 ? 'A coded term' : 'Coded terms';
  return { kind: 'term', label: `${which} in the text's own words, not in a quotation (${quoted}): the score is raised to the Biased threshold (${threshold})`, effect };
}

/** Everything the analyzer computed, for the evaluation and fitting scripts. Not part of the HTTP contract. */
export interface AnalysisDetail {
  result: AnalysisResult;
  occurrences: Occurrence[];
  findings: Finding[];
  counts: FramingCounts;
  tokens: Tokens;
  /** The opinion tokens shown by tagged.ts. */
  tagged: number[];
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

/** 1 for each token of a coded term (codeword), which the framing counts leave out. */
export function codedMask(tokens: Tokens, occurrences: readonly Occurrence[]): Uint8Array {
  const coded = new Uint8Array(tokens.count);
  for (const o of occurrences) {
    if (o.entry !== PASSIVE && compiledLexicon.entries[o.entry]!.is_codeword) coded.fill(1, o.firstToken, o.endToken);
  }
  return coded;
}

/** `vectors`: the word-vector table (vectors.ts); the fitting scripts pass their vocabulary before the table exists. */
export function analyzeDetailed(input: string, vectors?: ReadonlyMap<string, WordVector>): AnalysisDetail {
  const text = typeof input === 'string' ? input : String(input ?? '');
  const tokens = tokenize(text);
  const taken = new Uint8Array(tokens.count);
  const occurrences = findOccurrences(text, tokens, taken);
  const coded = codedMask(tokens, occurrences);
  const counts = framingCounts(tokens, taken, coded, vectors);

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
  const features = featureVector(counts, { codewords, otherTerms });
  const scored = scoreFeatures(features, tokens.count > 0);
  const { z, probability, contributions } = scored;
  const threshold = weights.threshold;
  const ownVoice = ownVoiceCodewords(tokens, occurrences);
  const score = scoreShown(scored.score, threshold, wordingRaised(features), ownVoice.length > 0);
  const candidates = counts.vectorTokens.length ? [...counts.opinionTokens, ...counts.vectorTokens].sort((a, b) => a - b) : counts.opinionTokens;
  const tagged = taggedTokens(tokens, candidates, probability, score, threshold, weights.tagger);
  // Loaded words are shown in a text the score reads as Biased only: in the fit half's texts scored below
  // the threshold, 132 of the 143 list words shown were words the annotators had not marked (see README).
  // The evidence reads every finding (it names the loaded words that moved the score, shown or not).
  const loadedShown = score >= threshold;
  const shownLoaded = (loadedShown ? counts.loadedTokens.length : 0) + tagged.length;
  if (shownLoaded) categoryCounts['loaded-language'] = (categoryCounts['loaded-language'] ?? 0) + shownLoaded;
  const evidenceFindings = collectFindings(text, tokens, occurrences, counts.loadedTokens, compiledLexicon, tagged);
  const findings = loadedShown ? evidenceFindings : evidenceFindings.filter((f) => !isListedLoadedWord(f));

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
    evidence: tokens.count > 0
      ? [
          ...scoreEvidence({ features, wordsPerSentence: tokens.count / counts.sentences, findings: evidenceFindings, strongestWords: () => strongestWords(tokens, coded, wordWeightOf), strongestLeanWords: () => strongestWords(tokens, coded, leanOf), hyphenatedLabels: () => hyphenatedLabels(text, tokens, coded) }),
          ...(score > scored.score && ownVoice.length ? [ownVoiceEvidence(text, ownVoice, threshold, score - scored.score)] : []),
        ]
      : [],
    engine: 'embedded',
  };
  return { result, occurrences, findings, counts, tokens, tagged, features, codewordGlossaryNames };
}

/** Analyse an article: score 0-100, detected terms with spans, analyst summary and Keisha translation. */
export function analyzeArticle(text: string): AnalysisResult {
  return analyzeDetailed(text).result;
}
