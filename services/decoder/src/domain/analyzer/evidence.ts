/**
 * What moved the score (issue 31, item 2): the few features that moved it most, in points, each
 * measured from the typical sentence of the data the score was fitted on (data/reference.json: the
 * fit half's mean of each feature). The first item is that starting point: the score of the typical
 * sentence. A feature's effect is how far this text's value of it, alone, would move the typical
 * sentence's score: 100 * (p(z_typical + w * (x - x_typical)) - p(z_typical)). Measured from the same
 * point for every feature, the effects rank the features by their weight in this text's log-odds and
 * do not vanish when the score is near 0 or 100; the logistic being a curve, they add up to the
 * difference from the starting point only roughly.
 */
import type { Finding } from './findings.ts';
import { reference, scoredValue, weights } from './score.ts';
import type { Evidence } from './types.ts';

/** Items shown besides the starting point, and the smallest effect worth showing (points). */
export const EVIDENCE_ITEMS = 5;
const MIN_EFFECT = 1;

const probability = (z: number) => 1 / (1 + Math.exp(-z));
const toScore = (z: number) => Math.round(100 * probability(z));

function quoted(words: string[]): string {
  return words.map((w) => `\u201c${w}\u201d`).join(', ');
}

export interface EvidenceInput {
  features: Record<string, number>;
  /** All the words of the text per sentence, coded terms included (what a reader counts). */
  wordsPerSentence: number;
  findings: Finding[];
  /** The text's words with the largest stem weights of the words model, in each direction (asked only when shown). */
  strongestWords: () => { raising: string[]; lowering: string[] };
  /** The text's words with the largest word-vector leans (vectors.ts), in each direction (asked only when shown). */
  strongestLeanWords: () => { raising: string[]; lowering: string[] };
  /** The text's hyphenated labels, as written (asked only when shown). */
  hyphenatedLabels: () => string[];
}

const weightList = Object.entries(weights.weights);
const zTypical = weightList.reduce((z, [name, w]) => z + w * (reference.typical[name] ?? 0), weights.intercept);

function termLabel(findings: Finding[]): string {
  const codewords = findings.filter((f) => f.is_codeword).map((f) => f.term);
  // The lexicon's other terms rank 1-3 (agency-hiding, euphemism, its loaded phrases); rank 4 is single loaded words.
  const others = findings.filter((f) => !f.is_codeword && f.rank <= 3).map((f) => f.term);
  const parts: string[] = [];
  if (codewords.length) parts.push(`${codewords.length === 1 ? 'Coded term' : 'Coded terms'} ${quoted(codewords.slice(0, 3))}`);
  if (others.length) parts.push(`${others.length === 1 ? 'euphemistic, agency-hiding or loaded term' : 'euphemistic, agency-hiding or loaded terms'} ${quoted(others.slice(0, 3))}`);
  const label = parts.join('; ') || 'Terms of the lexicon';
  return label[0]!.toUpperCase() + label.slice(1);
}

function loadedWords(findings: Finding[], kinds: Array<string | null>): string[] {
  return findings.filter((f) => f.category === 'loaded-language' && kinds.includes(f.kind ?? null)).map((f) => f.term).slice(0, 3);
}

function withWords(label: string, words: string[]): string {
  return words.length ? `${label}: ${quoted(words)}` : label;
}

/** The label of a words feature: the text's words that raised it most, or lowered it most. */
function wordsLabel(more: boolean, strongest: () => { raising: string[]; lowering: string[] }, raising: string, lowering: string): { kind: Evidence['kind']; label: string } {
  return { kind: 'words', label: more ? withWords(raising, strongest().raising) : withWords(lowering, strongest().lowering) };
}

/** Features whose label says only which way the text leans: [above typical, at or below typical]. */
const PLAIN_LABELS: Record<string, readonly [string, string]> = {
  strongSubjectiveRate: ['Many strongly subjective words', 'Few strongly subjective words'],
  mannerAdverbRate: ['Adverbs of manner ("-ly" words)', 'Few adverbs of manner'],
  attributedShare: ['Statements attributed to a source ("said", "according to")', 'No statement attributed to a source'],
  addressPerSentence: ['Addresses the reader or speaks as "we"', 'Does not address the reader'],
  peacockLog: ['Words of praise (peacock terms)', 'No words of praise'],
  numericShare: ['Figures, as hard news gives them', 'No figures'],
  meanWordLength: ['Long words', 'Short words'],
  partisanRate: ['Labels for political camps', 'No labels for political camps'],
};

/** A reader's label for a feature, given its value and the typical one. */
function featureLabel(name: string, value: number, typical: number, input: EvidenceInput): { kind: Evidence['kind']; label: string } | null {
  const more = value > typical;
  switch (name) {
    case 'lexiconTermsLog':
      return value > 0 ? { kind: 'term', label: termLabel(input.findings) } : null;
    case 'wordEvidence':
      return wordsLabel(more, input.strongestWords, 'Words that expert annotators often found in biased news sentences', 'Words more common in neutral news sentences');
    case 'vectorLean':
      return wordsLabel(more, input.strongestLeanWords, 'Words close in meaning to those of biased news sentences', 'Words close in meaning to those of neutral news sentences');
    case 'loadedLog':
    case 'loadedPerSentence':
      return more ? { kind: 'framing', label: withWords('Loaded words', loadedWords(input.findings, ['opinion', 'marked'])) } : { kind: 'framing', label: 'No loaded words' };
    case 'speechLog':
      return {
        kind: 'framing',
        label: more ? withWords('Verbs of speech that judge the speaker, or labels that judge a group', loadedWords(input.findings, ['speech', 'label'])) : 'No verb of speech or label that judges',
      };
    case 'loadedSpeechRate':
      return { kind: 'framing', label: more ? withWords('Verbs of speech that judge the speaker', loadedWords(input.findings, ['speech'])) : 'No verb of speech that judges the speaker' };
    case 'hyphenRate':
      return { kind: 'framing', label: more ? withWords('Hyphenated labels', input.hyphenatedLabels()) : 'Few hyphenated labels' };
    case 'logTokensPerSentence': {
      const words = Math.round(input.wordsPerSentence);
      return { kind: 'framing', label: more ? `Long sentences (${words} words a sentence)` : `Short sentences (${words} words a sentence)` };
    }
    default: {
      const plain = PLAIN_LABELS[name];
      return { kind: 'framing', label: plain ? plain[more ? 0 : 1] : name };
    }
  }
}

export function scoreEvidence(input: EvidenceInput): Evidence[] {
  const { features } = input;
  const items: Evidence[] = [];
  for (const [name, w] of weightList) {
    const typical = reference.typical[name];
    if (typical === undefined) continue;
    const value = scoredValue(name, features[name] ?? 0);
    const effect = Math.round(100 * (probability(zTypical + w * (value - typical)) - probability(zTypical)));
    if (Math.abs(effect) < MIN_EFFECT) continue;
    items.push({ kind: 'framing', label: name, effect });
  }
  items.sort((a, b) => Math.abs(b.effect) - Math.abs(a.effect) || b.effect - a.effect);
  // Labels only for what is shown (the words' label reads the text once more).
  const shown: Evidence[] = [];
  for (const item of items) {
    if (shown.length === EVIDENCE_ITEMS) break;
    const name = item.label;
    const label = featureLabel(name, scoredValue(name, features[name] ?? 0), reference.typical[name]!, input);
    if (label) shown.push({ ...label, effect: item.effect });
  }
  return [{ kind: 'baseline', label: 'A typical sentence of the political news the score was fitted on', effect: toScore(zTypical) }, ...shown];
}
