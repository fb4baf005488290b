/**
 * The data scripts/fit-weights.ts fits on: every BABE sentence analysed once by the embedded
 * analyzer (its features), with what the words model and the marked-word display need, and the half
 * it belongs to. Only the fit half (half 0) is used to choose or fit anything.
 */
import { createHash } from 'node:crypto';
import { analyzeDetailed, codedMask } from '../../../src/domain/analyzer/index.ts';
import { collectFindings, isListedLoadedWord, type Finding } from '../../../src/domain/analyzer/findings.ts';
import { loadedKind } from '../../../src/domain/analyzer/word-lists.ts';
import { compoundEnd, wordAt } from '../../../src/domain/analyzer/tokenize.ts';
import { half, parseBabe, requireFile } from '../eval-data.ts';
import { spanWords } from '../evaluate.ts';
import { displayRow, wordsRow, type DisplayRow, type WordsRow } from '../words-model.ts';
import { vocabularyTable, type VectorRow, type Vocabulary } from './vectors.ts';

export interface AnalysedRow {
  text: string;
  /** Every feature of framing.ts FEATURES (wordEvidence as the analyzer computed it with the shipped table; the fit replaces it). */
  features: Record<string, number>;
  /** 1 for Biased, 0 for Non-biased. */
  y: number;
  /** 0: fit half; 1: held out. */
  half: 0 | 1;
  hasWords: boolean;
  words: WordsRow;
  display: DisplayRow;
  /** Words shown whatever the score (lexicon terms), and the lists' loaded words, shown in texts scored Biased. */
  terms: Set<string>;
  loaded: Set<string>;
  /** The words tagged.ts may show (framing.ts opinionTokens and vectorTokens): as the analyzer reads them, and lower-cased as written. */
  candidates: Array<{ word: string; surface: string }>;
  /** What the word-vector models read (lib/fit/vectors.ts). */
  vectors: VectorRow;
}

export interface FitData {
  raw: string;
  sha256: string;
  rows: AnalysedRow[];
}

export function loadFitData(babePath: string, vocabulary: Vocabulary): FitData {
  const raw = requireFile(babePath, 'BABE file');
  const table = vocabularyTable(vocabulary);
  const rows = parseBabe(raw).map((row): AnalysedRow => {
    const detail = analyzeDetailed(row.text, table);
    const y = row.label === 'Biased' ? 1 : 0;
    // The base of the display choices: the lexicon's terms, shown whatever the score (findings of the
    // occurrences alone, so that nothing the shipped tagger shows comes back into its own fit), and the
    // lists' loaded words, shown only in texts scored Biased, so kept apart (`loaded`): the tagger's
    // cross-validation shows them by each sentence's out-of-fold score.
    // Which loaded words are shown, and as what, is the analyzer's own decision (findings.ts: a loaded
    // word inside a hyphenated word shown whole, a capitalised word inside a sentence not at all, a part
    // that overlaps a term shown alone); marked words are the tagger's to show, so they are left out.
    const wordsOf = (findings: Finding[]) => findings.flatMap((t) => t.spans.flatMap((span) => spanWords(row.text.slice(span.start, span.end))));
    const listed = detail.counts.loadedTokens.filter((i) => loadedKind(detail.tokens.norm[i]!) !== 'marked');
    const findings = collectFindings(row.text, detail.tokens, detail.occurrences, listed);
    const loaded = new Set(wordsOf(findings.filter(isListedLoadedWord)));
    const terms = new Set(wordsOf(findings.filter((f) => !isListedLoadedWord(f))));
    const base = new Set([...terms, ...loaded]);
    // A hyphenated candidate is its whole word ("anti-science"), as tagged.ts reads and shows it.
    const candidates = [...detail.counts.opinionTokens, ...detail.counts.vectorTokens].sort((a, b) => a - b)
      .map((i) => ({ word: wordAt(detail.tokens, i), surface: spanWords(row.text.slice(detail.tokens.start[i]!, detail.tokens.end[compoundEnd(detail.tokens, i)]!))[0] ?? '' }));
    const coded = codedMask(detail.tokens, detail.occurrences);
    const content = detail.tokens.norm.filter((w, i) => coded[i] === 0 && vocabulary.lean.has(w));
    const words = wordsRow(row.text, row.biasedWords, y);
    const display = displayRow(row.text, base, new Set(row.biasedWords.flatMap(spanWords)));
    return {
      text: row.text,
      features: { ...detail.features },
      y,
      half: half(row.text),
      hasWords: detail.counts.tokens > 0,
      words,
      display,
      terms,
      loaded,
      candidates,
      vectors: { words: content, y },
    };
  });
  return { raw, sha256: createHash('sha256').update(raw).digest('hex'), rows };
}
