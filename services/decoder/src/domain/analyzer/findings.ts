/**
 * Turns occurrences into merged findings (one per term) and ranks them: covert codewords first,
 * then agency-hiding, euphemism and dehumanizing wording, then loaded words; within a rank, more
 * occurrences first, then earlier in the text.
 */
import { isOpinionWord, loadedKind, type LoadedKind } from './word-lists.ts';
import { compiledLexicon, type CompiledLexicon } from './lexicon.ts';
import { weights } from './score.ts';
import { PASSIVE, type Occurrence } from './match.ts';
import type { DetectedTerm, Span } from './types.ts';
import { compoundEnd, compoundStart, readsAsName, wordAt, type Tokens } from './tokenize.ts';

export const LOADED_WORD_SOURCE = 'https://aclanthology.org/P13-1162';
/** BABE (Spinde et al., Findings of EMNLP 2021): the annotated news sentences the marked words were learned from. */
export const MARKED_WORD_SOURCE = 'https://aclanthology.org/2021.findings-emnlp.101';

const LOADED_EXPLANATION: Record<LoadedKind, (word: string) => string> = {
  opinion: (word) =>
    `"${word}" is a loaded word: it passes judgement instead of describing (strongly subjective in Riloff & Wiebe 2003, negative in Hu & Liu 2004).`,
  speech: (word) =>
    `"${word}" reports speech with a judgement: it casts doubt on the speaker or paints them as attacking, where "said" would report the same words neutrally.`,
  label: (word) => `"${word}" is a pejorative label: it names a group of people by a judgement of them instead of by who they are.`,
  marked: (word) =>
    `"${word}" is a subjective word (Riloff & Wiebe 2003) that expert annotators of news sentences often marked as biased wording: it tells the reader what to think of what it describes.`,
};

/** A share in words, as a reader says it ("one time in four"); the tagger's thresholds are chosen from 0.25, 0.3, 0.4 and 0.5. */
export function shareInWords(p: number): string {
  const named: Record<string, string> = { '0.25': 'one time in four', '0.3': 'three times in ten', '0.4': 'two times in five', '0.5': 'half the time' };
  return named[String(p)] ?? `${Math.round(p * 100)}% of the time`;
}

/** How often words like a tagged word were marked, at least: the tagger's probability threshold (tagged.ts). */
const TAGGED_SHARE = shareInWords(weights.tagger?.threshold ?? 0.5);

/**
 * A word shown by tagged.ts, in a text whose wording reads as loaded: an opinion word of the lists, or
 * a word whose meaning sits near the words annotators mark (its vector, vectors.ts). The share it states
 * is the tagger's threshold: a word is shown when its model gives it at least that chance of being marked.
 */
const TAGGED_EXPLANATION = (word: string, shown: string) =>
  isOpinionWord(word)
    ? `"${shown}" is an opinion word (Hu & Liu 2004; Riloff & Wiebe 2003) in wording that reads as loaded: in news sentences like this one, expert annotators marked such words as biased at least ${TAGGED_SHARE}.`
    : `"${shown}" reads as loaded in this wording: in news sentences like this one, expert annotators marked this word, or words close to it in meaning, as biased at least ${TAGGED_SHARE}. Check whether a plainer word would say the same.`;

export interface Finding extends DetectedTerm {
  rank: number;
  firstStart: number;
  /** Why a loaded word of the lists is shown (absent for lexicon terms and tagged words). */
  kind?: LoadedKind;
}

function rankOf(category: string, isCodeword: boolean, lexiconEntry: boolean): number {
  if (isCodeword) return 0;
  if (category === 'agency-hiding') return 1;
  if (category === 'euphemism' || category === 'dehumanizing') return 2;
  return lexiconEntry ? 3 : 4;
}

const BETWEEN_WORDS = /[^\p{L}\p{M}\p{N}'\u2019&\-/]+/gu;

/**
 * True when BETWEEN_WORDS has nothing to replace in text[start, end): ASCII letters, digits and
 * ' & - / with single spaces between them, which is how nearly every match is written.
 */
function wordsAndSingleSpaces(text: string, start: number, end: number): boolean {
  for (let k = start; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c === 32) {
      if (k + 1 < end && text.charCodeAt(k + 1) === 32) return false;
      continue;
    }
    const keep = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 39 || c === 38 || c === 45 || c === 47;
    if (!keep) return false;
  }
  return true;
}

/** The matched words as written, lower-cased; quotes or line breaks between them become one space. */
function displayTerm(text: string, start: number, end: number): string {
  const matched = text.slice(start, end);
  return (wordsAndSingleSpaces(text, start, end) ? matched : matched.replace(BETWEEN_WORDS, ' ')).toLowerCase();
}

export function collectFindings(
  text: string,
  tokens: Tokens,
  occurrences: Occurrence[],
  loadedTokens: number[],
  lex: CompiledLexicon = compiledLexicon,
  taggedTokens: readonly number[] = [],
): Finding[] {
  const byKey = new Map<string, Finding>();
  const add = (key: string, make: () => Omit<Finding, 'count' | 'spans'>, span: Span) => {
    let finding = byKey.get(key);
    if (!finding) {
      finding = { ...make(), count: 0, spans: [] };
      byKey.set(key, finding);
    }
    finding.count++;
    finding.spans.push(span);
  };

  for (const o of occurrences) {
    const span = { start: o.start, end: o.end };
    if (o.entry === PASSIVE) {
      const rule = lex.passive.rule;
      const term = displayTerm(text, o.start, o.end);
      add(`p:${term}`, () => ({
        term, explanation: rule.explanation, is_codeword: false, category: rule.category,
        source_url: rule.source_url, rank: rankOf(rule.category, false, true), firstStart: o.start,
      }), span);
      continue;
    }
    const entry = lex.entries[o.entry]!;
    add(`e:${o.entry}`, () => ({
      term: displayTerm(text, o.start, o.end), explanation: entry.explanation, is_codeword: entry.is_codeword,
      category: entry.category, source_url: entry.source_url, rank: rankOf(entry.category, entry.is_codeword, true),
      firstStart: o.start,
    }), span);
  }

  let lastWhole = -1;
  for (const i of loadedTokens) {
    if (readsAsName(tokens, i)) continue;
    // A loaded word inside a hyphenated word is shown with the whole word ("race-baiting", "foul-mouthed"),
    // as readers and annotators read it; the whole is shown once, whichever of its parts are loaded.
    // A hyphenated word that holds a term's words ("inner-city-hating") keeps the term apart: the loaded part alone.
    let first = compoundStart(tokens, i);
    let last = compoundEnd(tokens, first);
    if (last !== first && occurrences.some((o) => o.start < tokens.end[last]! && o.end > tokens.start[first]!)) first = last = i;
    if (first === lastWhole) continue;
    if (last !== first) lastWhole = first;
    const kind = loadedKind(tokens.norm[i]!) ?? 'opinion';
    // Shown as written (lower-cased): "left's", not the normalised "lefts".
    const whole = displayTerm(text, tokens.start[first]!, tokens.end[last]!);
    const part = displayTerm(text, tokens.start[i]!, tokens.end[i]!);
    add(`l:${wordAt(tokens, first)}`, () => ({
      term: whole,
      explanation: (last === first ? '' : `In "${whole}", `) + LOADED_EXPLANATION[kind](part),
      is_codeword: false, category: 'loaded-language', source_url: kind === 'marked' ? MARKED_WORD_SOURCE : LOADED_WORD_SOURCE, rank: 4, firstStart: tokens.start[first]!,
      kind,
    }), { start: tokens.start[first]!, end: tokens.end[last]! });
  }

  for (const i of taggedTokens) {
    // A tagged hyphenated word is shown whole ("anti-science"), as written.
    const word = wordAt(tokens, i);
    const span = { start: tokens.start[i]!, end: tokens.end[compoundEnd(tokens, i)]! };
    const shown = displayTerm(text, span.start, span.end);
    add(`l:${word}`, () => ({
      term: shown, explanation: TAGGED_EXPLANATION(word, shown), is_codeword: false, category: 'loaded-language',
      source_url: MARKED_WORD_SOURCE, rank: 4, firstStart: tokens.start[i]!,
    }), span);
  }

  return [...byKey.values()].sort((a, b) => a.rank - b.rank || b.count - a.count || a.firstStart - b.firstStart);
}

/** A loaded word of the lists, alone or inside a hyphenated word (not a lexicon term, not a tagged word). */
export function isListedLoadedWord(f: Finding): boolean {
  return f.kind !== undefined;
}

export function toDetectedTerm(f: Finding): DetectedTerm {
  return {
    term: f.term, explanation: f.explanation, is_codeword: f.is_codeword, count: f.count,
    category: f.category, spans: f.spans, source_url: f.source_url,
  };
}
