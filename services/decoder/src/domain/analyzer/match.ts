/**
 * Finds lexicon terms and agentless passives in tokenized text. One left-to-right walk over the
 * tokens with the precompiled trie: at each token at most one map lookup per phrase length, so the
 * cost grows with the text, not with the size of the lexicon. Context rules look only at a small
 * window of tokens inside the sentence of a candidate, and only for candidates that carry a rule.
 */
import { compiledLexicon, type CompiledLexicon, type CompiledRule, type LexiconForm, type TrieNode } from './lexicon.ts';
import { TITLE, UPPER, type Tokens } from './tokenize.ts';

export interface Occurrence {
  /** Index into the lexicon's entries, or PASSIVE for a generated agentless passive. */
  entry: number;
  firstToken: number;
  /** Exclusive. */
  endToken: number;
  start: number;
  end: number;
  /** The surface form that matched (null for a generated passive). */
  form: LexiconForm | null;
}

export const PASSIVE = -1;

function sentenceBounds(tokens: Tokens, index: number): [number, number] {
  const s = tokens.sentence[index]!;
  const from = tokens.sentenceStart[s]!;
  const to = s + 1 < tokens.sentenceStart.length ? tokens.sentenceStart[s + 1]! : tokens.count;
  return [from, to];
}

/**
 * Cue-group bits found within `window` tokens of [from, to), excluding the match itself. The window
 * may cross sentences (a dog whistle's context is often the sentence before or after) but never a
 * paragraph break.
 */
function cuesNear(lex: CompiledLexicon, tokens: Tokens, from: number, to: number, window: number, wanted: number): number {
  const paragraph = tokens.paragraph[from]!;
  let lo = from;
  while (lo > 0 && from - lo < window && tokens.paragraph[lo - 1] === paragraph) lo--;
  let hi = to;
  while (hi < tokens.count && hi - to < window && tokens.paragraph[hi] === paragraph) hi++;
  let found = 0;
  for (let p = lo; p < hi; p++) {
    if (p >= from && p < to) continue;
    let node: TrieNode | undefined = lex.cueRoot.next?.get(tokens.norm[p]!);
    let q = p;
    while (node) {
      found |= node.cueBits;
      q++;
      if (q >= hi || (q >= from && q < to)) break;
      node = node.next?.get(tokens.norm[q]!);
    }
    if ((found & wanted) !== 0) return found;
  }
  return found;
}

function phraseAt(tokens: Tokens, at: number, phrase: string[], sentenceFrom: number, sentenceTo: number): boolean {
  if (at < sentenceFrom || at + phrase.length > sentenceTo) return false;
  for (let k = 0; k < phrase.length; k++) if (tokens.norm[at + k] !== phrase[k]) return false;
  return true;
}

const DATELINE_TAIL = /[ \t]*(?:,[ \t]*[A-Z][A-Za-z.]{1,14}[ \t]*)?(?:\([^)\n]{1,40}\)[ \t]*)?[\u2014\u2013-]/y;

function isDateline(text: string, start: number, end: number): boolean {
  for (let k = start - 1; k >= 0; k--) {
    const c = text.charCodeAt(k);
    if (c === 10 || c === 13) break;
    if (c !== 32 && c !== 9) return false;
  }
  DATELINE_TAIL.lastIndex = end;
  return DATELINE_TAIL.test(text);
}

function passesRule(
  lex: CompiledLexicon,
  text: string,
  tokens: Tokens,
  rule: CompiledRule,
  needsContext: boolean,
  from: number,
  to: number,
): boolean {
  if (rule.titleCase) {
    for (let k = from; k < to; k++) if ((tokens.shape[k]! & TITLE) === 0) return false;
  }
  const start = tokens.start[from]!;
  const end = tokens.end[to - 1]!;
  if (rule.unlessExact.size > 0 && rule.unlessExact.has(text.slice(start, end))) return false;
  if (rule.unlessBefore.length > 0 || rule.unlessAfter.length > 0) {
    const [sFrom, sTo] = sentenceBounds(tokens, from);
    for (const phrase of rule.unlessBefore) if (phraseAt(tokens, from - phrase.length, phrase, sFrom, sTo)) return false;
    for (const phrase of rule.unlessAfter) if (phraseAt(tokens, to, phrase, sFrom, sTo)) return false;
  }
  if (rule.unlessDateline && isDateline(text, start, end)) return false;
  if (rule.unlessNear !== 0 && (cuesNear(lex, tokens, from, to, rule.window, rule.unlessNear) & rule.unlessNear) !== 0) return false;
  if (needsContext && (cuesNear(lex, tokens, from, to, rule.window, rule.onlyNear) & rule.onlyNear) === 0) return false;
  return true;
}

function formAccepts(text: string, tokens: Tokens, node: TrieNode, from: number, to: number): boolean {
  const form = node.form!;
  if (form.caseSensitive) {
    for (let k = from; k < to; k++) {
      if ((tokens.shape[k]! & UPPER) === 0 && tokens.norm[k]!.length > 1) return false;
      if (tokens.norm[k]!.length === 1 && (tokens.shape[k]! & TITLE) === 0) return false;
    }
  }
  if (form.literal) {
    const matched = text.slice(tokens.start[from]!, tokens.end[to - 1]!).toLowerCase();
    if (matched !== form.text.toLowerCase()) return false;
  }
  return true;
}

function findLexiconTerms(lex: CompiledLexicon, text: string, tokens: Tokens, out: Occurrence[]): void {
  const root = lex.surfaceRoot.next;
  if (!root) return;
  const n = tokens.count;
  // The phrases ending along the trie path from token i, shortest first: their last node and end token.
  // Reused from token to token (only the first `candidates` slots count), so a token allocates nothing.
  const candidateNodes: TrieNode[] = [];
  const candidateEnds: number[] = [];
  for (let i = 0; i < n; i++) {
    // A possessive ("the inner city's") may end a phrase: its stem is tried when the word itself is not in the trie.
    let endsHere = false;
    let node = root.get(tokens.norm[i]!);
    if (!node && tokens.stem[i] !== null) {
      node = root.get(tokens.stem[i]!);
      endsHere = true;
    }
    if (!node) continue;
    const sentence = tokens.sentence[i]!;
    let candidates = 0;
    let j = i;
    for (;;) {
      if (node.entry !== -1) {
        candidateNodes[candidates] = node;
        candidateEnds[candidates] = j + 1;
        candidates++;
      }
      if (endsHere) break;
      j++;
      if (j >= n || tokens.sentence[j] !== sentence) break;
      let next: TrieNode | undefined = node.next?.get(tokens.norm[j]!);
      if (!next && tokens.stem[j] !== null) {
        next = node.next?.get(tokens.stem[j]!);
        endsHere = true;
      }
      if (!next) break;
      node = next;
    }
    // Longest accepted phrase wins; a rejected long phrase may leave room for a shorter one.
    for (let c = candidates - 1; c >= 0; c--) {
      const candidate = candidateNodes[c]!;
      const to = candidateEnds[c]!;
      if (!formAccepts(text, tokens, candidate, i, to)) continue;
      const rule = lex.rules[candidate.entry]!;
      if (!passesRule(lex, text, tokens, rule, candidate.form!.context === true, i, to)) continue;
      out.push({ entry: candidate.entry, firstToken: i, endToken: to, start: tokens.start[i]!, end: tokens.end[to - 1]!, form: candidate.form });
      i = to - 1;
      break;
    }
  }
}

/**
 * "was shot", "were fatally wounded": a form of "be"/"get" and a participle of violence, with no
 * agent ("by ...") after it, in a sentence that is about policing. The agent is missing from the
 * grammar, so the reader is not told who did it.
 */
function findAgentlessPassives(lex: CompiledLexicon, text: string, tokens: Tokens, taken: Uint8Array, out: Occurrence[]): void {
  const p = lex.passive;
  const n = tokens.count;
  for (let i = 0; i < n; i++) {
    if (!p.auxiliaries.has(tokens.norm[i]!) || taken[i]) continue;
    const sentence = tokens.sentence[i]!;
    let j = i + 1;
    while (j < n && j - i <= 3 && tokens.sentence[j] === sentence && p.modifiers.has(tokens.norm[j]!)) j++;
    if (j >= n || tokens.sentence[j] !== sentence || !p.participles.has(tokens.norm[j]!) || taken[j]) continue;
    let agentNamed = false;
    for (let k = j + 1; k < n && k <= j + p.rule.agentWindow && tokens.sentence[k] === sentence; k++) {
      if (p.agentMarkers.has(tokens.norm[k]!)) { agentNamed = true; break; }
    }
    if (agentNamed) continue;
    if ((cuesNear(lex, tokens, i, j + 1, p.rule.cueWindow, p.requiresNear) & p.requiresNear) === 0) continue;
    out.push({ entry: PASSIVE, firstToken: i, endToken: j + 1, start: tokens.start[i]!, end: tokens.end[j]!, form: null });
    i = j;
  }
}

/** Every occurrence, in text order, never overlapping. `taken` marks the tokens they cover. */
export function findOccurrences(text: string, tokens: Tokens, taken: Uint8Array, lex: CompiledLexicon = compiledLexicon): Occurrence[] {
  const terms: Occurrence[] = [];
  findLexiconTerms(lex, text, tokens, terms);
  for (const o of terms) for (let k = o.firstToken; k < o.endToken; k++) taken[k] = 1;
  const passives: Occurrence[] = [];
  findAgentlessPassives(lex, text, tokens, taken, passives);
  for (const o of passives) for (let k = o.firstToken; k < o.endToken; k++) taken[k] = 1;
  if (passives.length === 0) return terms;
  return [...terms, ...passives].sort((a, b) => a.start - b.start);
}
